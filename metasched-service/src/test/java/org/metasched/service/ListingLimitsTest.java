package org.metasched.service;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every listing's {@code limit} is a whole number from 0 to 10000 (openapi.json): above it the request is refused
 * with the usual one-line 400 naming {@code limit}, the value and the range, where it was cut to 10000 without a
 * word; 0 is an empty page (the jobs' listing failed with 500 on it: a full page of nothing has no last item for
 * {@code next}).
 */
class ListingLimitsTest {
    private static final String OP = TestService.OPERATOR;
    private static final String[] LISTINGS = {"/v1/jobs", "/v1/cycles", "/v1/events", "/v1/accounts/carol/ledger"};

    @TempDir
    Path dir;

    @Test
    void aLimitOutsideTheRangeIsRefusedOnEveryListingAndTheRangeIsServed() {
        try (TestService s = TestService.start(TestDatabases.SQLITE, dir, Map.of())) {
            Client c = s.client;
            assertThat(c.put("/v1/nodes/a1", TestService.ALICE, "{\"performance\": 2, \"price\": 1}")
                            .status())
                    .isEqualTo(201);
            assertThat(c.post("/v1/jobs", TestService.CAROL, "{\"nodes\": 1, \"volume\": 10, \"budget\": 100}")
                            .status())
                    .isEqualTo(201);
            assertThat(c.post("/v1/accounts/carol/credit", OP, "{\"amount\": 50}")
                            .status())
                    .isBetween(200, 201);
            assertThat(c.post("/v1/cycles", OP, null).status()).isEqualTo(201);
            for (String path : LISTINGS) {
                for (String bad : new String[] {"10001", "20000", "99999999999999999999", "-1", "ten"}) {
                    Client.Response r = c.get(path + "?limit=" + bad, OP);
                    assertThat(r.status()).as(path + " " + r).isEqualTo(400);
                    assertThat(r.json().get("field").asString()).isEqualTo("limit");
                    assertThat(r.detail())
                            .as(path)
                            .isEqualTo("limit: '" + bad + "' is not a whole number from 0 to 10000 (the most items"
                                    + " a page holds; default 1000, page on with 'after')");
                }
                for (String good : new String[] {"0", "1", "10000", ""}) {
                    Client.Response r = c.get(path + "?after=0&limit=" + good, OP);
                    assertThat(r.status()).as(path + "?limit=" + good + " " + r).isEqualTo(200);
                    String field = r.json().has("jobs")
                            ? "jobs"
                            : r.json().has("cycles") ? "cycles" : r.json().has("events") ? "events" : "rows";
                    int size = r.json().get(field).size();
                    if (good.equals("0")) {
                        assertThat(size).as(path).isZero();
                        assertThat(r.json().has("next")).as(path).isFalse();
                    } else {
                        assertThat(size).as(path).isPositive().isLessThanOrEqualTo(good.equals("1") ? 1 : 1000);
                    }
                }
            }
            // every listing pages with 'next' (the events' listing had only 'last', the cycles' and ledger's
            // nothing): walked one item a page, each page but the last says where the next starts
            for (String path : LISTINGS) {
                Client.Response whole = c.get(path, OP);
                String field = whole.json().has("jobs")
                        ? "jobs"
                        : whole.json().has("cycles") ? "cycles" : whole.json().has("events") ? "events" : "rows";
                int all = whole.json().get(field).size();
                assertThat(whole.json().has("next")).as(path).isFalse();
                long after = 0;
                int seen = 0;
                for (int page = 0; page < all + 1; page++) {
                    Client.Response r = c.get(path + "?limit=1&after=" + after, OP);
                    seen += r.json().get(field).size();
                    if (!r.json().has("next")) {
                        break;
                    }
                    assertThat(r.json().get(field)).as(path).hasSize(1);
                    after = r.json().get("next").asLong();
                }
                assertThat(seen).as(path).isEqualTo(all);
            }
            // the events listing has more than one event: a page of 1 holds the first
            assertThat(c.get("/v1/events?limit=1", OP)
                            .json()
                            .get("events")
                            .get(0)
                            .get("seq")
                            .asLong())
                    .isEqualTo(1);
        }
    }
}
