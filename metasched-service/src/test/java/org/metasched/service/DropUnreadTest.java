package org.metasched.service;

import static org.assertj.core.api.Assertions.assertThat;

import io.javalin.http.Context;
import java.io.ByteArrayInputStream;
import java.lang.reflect.Proxy;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@link Http#dropUnread} leaves a request alone whose handler read its body through {@link Http#body}: it does not
 * even look at the request (a first version waited out its 0.2 s of silence after every such request, since the
 * input was not flagged finished; {@code UnreadBodyTest} has the requests whose body is dropped).
 */
class DropUnreadTest {
    @Test
    void aBodyTheHandlerReadIsNotDroppedAgain() {
        Map<String, Object> attributes = new HashMap<>();
        boolean[] requestLookedAt = {false};
        Context c = (Context) Proxy.newProxyInstance(
                Context.class.getClassLoader(), new Class<?>[] {Context.class}, (proxy, method, args) -> {
                    return switch (method.getName()) {
                        case "header" -> "Content-Length".equals(args[0]) ? "2" : null;
                        case "bodyInputStream" ->
                            new ByteArrayInputStream("{}".getBytes(java.nio.charset.StandardCharsets.UTF_8));
                        case "attribute" -> {
                            if (args.length == 2) {
                                attributes.put((String) args[0], args[1]);
                                yield null;
                            }
                            yield attributes.get((String) args[0]);
                        }
                        case "req" -> {
                            requestLookedAt[0] = true;
                            throw new AssertionError("dropUnread looked at a request whose body was read");
                        }
                        default -> throw new UnsupportedOperationException(method.getName());
                    };
                });
        assertThat(Http.body(c)).asString().isEqualTo("{}");
        Http.dropUnread(c);
        assertThat(requestLookedAt[0]).isFalse();
    }
}
