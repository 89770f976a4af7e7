package org.metasched.service;

import io.javalin.Javalin;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.eclipse.jetty.server.handler.StatisticsHandler;
import org.metasched.registry.Registered;
import org.metasched.registry.Registry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code metasched serve}: the database, the metascheduler, the HTTP API and the background work (the clock's ticks,
 * the periodic cycles and, every minute, the deletion of events older than {@code event-retention}, under the wall
 * clock), started together and stopped gracefully: on {@link #stop} (SIGTERM)
 * changes are refused with 503 at once, the running cycle finishes, open requests are answered and everything is
 * closed within the grace period; past it the process ends and the unfinished transaction is rolled back.
 */
public final class Service implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger("metasched.service");
    private static final Logger CYCLES = LoggerFactory.getLogger("metasched.cycle");

    private final ServiceConfig config;
    private final Database db;
    private final Metascheduler m;
    private final Javalin app;
    private final Api api;
    private final ScheduledExecutorService background;
    /** Jetty's count of requests not yet completed (their answers written), for the graceful stop. */
    private final StatisticsHandler requests;

    private final CountDownLatch stopped = new CountDownLatch(1);
    private volatile boolean stopping;

    private Service(
            ServiceConfig config,
            Database db,
            Metascheduler m,
            Javalin app,
            Api api,
            ScheduledExecutorService bg,
            StatisticsHandler requests) {
        this.config = config;
        this.requests = requests;
        this.api = api;
        this.db = db;
        this.m = m;
        this.app = app;
        this.background = bg;
    }

    /**
     * Opens the database (created and migrated on first use), starts the API on {@code config.bind():config.port()}
     * (port 0: a free one) and the background work.
     *
     * @throws org.metasched.model.InputFormatException when the database cannot be opened or the port taken
     */
    public static Service start(ServiceConfig config) {
        Database db = Database.open(config);
        Metascheduler m;
        try {
            m = Metascheduler.open(db, config, System::currentTimeMillis);
        } catch (RuntimeException e) {
            db.close();
            throw e;
        }
        ServiceMetrics metrics = new ServiceMetrics();
        m.listener((o, seconds) -> {
            metrics.cycle(o, seconds);
            CYCLES.info(
                    "cycle {} at {}: {} jobs, {} reserved, {} queued, {} failed, {} ms ({} ms planning)",
                    o.n(),
                    Metascheduler.num(o.time()),
                    o.jobs(),
                    o.reserved(),
                    o.queued(),
                    o.failed(),
                    String.format(Locale.ROOT, "%.1f", seconds * 1000),
                    String.format(Locale.ROOT, "%.1f", o.planMs()));
        });
        Api api = new Api(m, metrics);
        StatisticsHandler requests = new StatisticsHandler();
        Javalin app = Javalin.create(c -> {
            c.startup.showJavalinBanner = false;
            c.startup.showOldJavalinVersionWarning = false;
            c.jetty.host = config.bind();
            c.jetty.port = config.port();
            c.jetty.modifyServer(s -> {
                s.setStopAtShutdown(false); // our own hook stops it, after the running cycle and open requests
                s.setStopTimeout(0); // Jetty's graceful stop would also wait for idle keep-alive connections
                s.setHandler(requests); // Javalin puts its servlet context inside
                s.setErrorHandler(new JettyErrors()); // a request refused before any route: the problem format too
            });
            api.install(c);
        });
        try {
            app.start();
        } catch (RuntimeException e) {
            db.close();
            throw new org.metasched.model.InputFormatException(
                    "cannot listen on " + config.bind() + ":" + config.port() + ": " + rootMessage(e));
        }
        ScheduledExecutorService bg = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "metasched-clock");
            t.setDaemon(true);
            return t;
        });
        Service s = new Service(config, db, m, app, api, bg, requests);
        s.pruneEvents();
        if (config.clock() == ServiceConfig.ClockMode.WALL) {
            // backgroundWork catches and logs its own failures, so the schedule never stops and the future says nothing
            var unused = bg.scheduleWithFixedDelay(s::backgroundWork, 1000, 250, TimeUnit.MILLISECONDS);
        }
        return s;
    }

    private double lastTick = -1;
    private double nextCycle = Double.NaN;
    private double lastPrune = Double.NaN;

    /** Deletes the events older than {@code event-retention}; a database that refuses it is told in the log. */
    private void pruneEvents() {
        try {
            int n = m.pruneEvents();
            if (n > 0) {
                LOG.info(
                        "deleted {} events older than event-retention ({})",
                        n,
                        Metascheduler.num(config.eventRetention()));
            }
        } catch (ApiException e) {
            // draining
        } catch (Database.Unavailable e) {
            LOG.warn("old events not deleted: {}", e.getMessage());
        }
    }

    /** Under the wall clock: the jobs' states every second, a cycle at every multiple of the cycle period. */
    private void backgroundWork() {
        if (stopping) {
            return;
        }
        try {
            double now = m.clock().now();
            if (Double.isNaN(lastPrune) || now - lastPrune >= 60) {
                lastPrune = now;
                pruneEvents();
            }
            if (config.cyclePeriod() > 0) {
                if (Double.isNaN(nextCycle)) {
                    nextCycle = (Math.floor(now / config.cyclePeriod()) + 1) * config.cyclePeriod();
                }
                if (now >= nextCycle) {
                    nextCycle = (Math.floor(now / config.cyclePeriod()) + 1) * config.cyclePeriod();
                    m.runCycle();
                    lastTick = now;
                    return;
                }
            }
            if (now - lastTick >= 1) {
                m.tick();
                lastTick = now;
            }
        } catch (ApiException e) {
            // draining
        } catch (Database.Unavailable e) {
            LOG.warn("background work skipped: {}", e.getMessage());
        } catch (RuntimeException e) {
            LOG.error("background work failed (a bug in metasched)", e);
        }
    }

    public int port() {
        return app.port();
    }

    /** The base URL, {@code http://bind:port}. */
    public String url() {
        String host = config.bind().contains(":") ? "[" + config.bind() + "]" : config.bind();
        if (host.equals("0.0.0.0")) {
            host = "127.0.0.1";
        }
        return "http://" + host + ":" + port();
    }

    public ServiceConfig config() {
        return config;
    }

    /**
     * Stops gracefully: changes get 503 from now on, the running cycle finishes, open requests are answered, then the
     * server and the database close. Returns whether it all happened within the grace period.
     */
    public boolean stop() {
        synchronized (this) {
            if (stopping) {
                awaitStop();
                return true;
            }
            stopping = true;
        }
        long deadline = System.nanoTime() + (long) (config.gracePeriodSeconds() * 1e9);
        m.drain();
        api.live.close(); // the open event streams end; the page reconnects to the next start
        background.shutdownNow();
        boolean idle = db.awaitIdle(deadline);
        waitWhile(() -> api.inFlight() > 0, deadline, 10);
        idle &= api.inFlight() == 0;
        // the last handlers have returned; let Jetty write their answers before the connections close: until it
        // counts no request open, for at most 250 ms (a fixed 250 ms before; an event stream closing late waits that)
        waitWhile(() -> requests.getRequestsActive() > 0, Math.min(deadline, System.nanoTime() + 250_000_000L), 2);
        try {
            app.stop();
        } catch (RuntimeException e) {
            LOG.warn("stopping the HTTP server: {}", rootMessage(e));
        }
        db.close();
        stopped.countDown();
        return idle;
    }

    /**
     * Polls {@code busy} every {@code stepMillis} until it is false, {@code until} (nanoTime) passes or we are
     * interrupted.
     */
    private static void waitWhile(BooleanSupplier busy, long until, long stepMillis) {
        while (busy.getAsBoolean() && System.nanoTime() < until) {
            try {
                Thread.sleep(stepMillis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** Blocks until {@link #stop} has finished. */
    public void awaitStop() {
        try {
            stopped.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        stop();
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
    }

    /** The criteria a quote offers, by name (the registry the API resolves them by). */
    public static Registry<? extends Registered> quoteCriteria() {
        return Quotes.Criterion.REGISTRY;
    }
}
