package org.metasched.pipeline.sweep;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * What a process has read of a sweep's input files, kept only while cells that need it are pending: an engine
 * announces the uses of each input before the cells run ({@link #expect}) and gives each back when a cell is done
 * ({@link #release}); the last release drops the file's values. So a sweep holds the traces of the cells running
 * now, not every trace it has read (docs/performance.md, sweeps). Thread-safe; a value is read by one thread while
 * the others that need it wait, and cells of other inputs go on.
 */
public final class SharedInputs {
    private final Map<String, Entry> entries = new HashMap<>();

    private static final class Entry {
        int pending;
        final Map<Class<?>, Object> values = new HashMap<>();
    }

    /** Announces {@code uses} more cell runs that read the input {@code key}. */
    public synchronized void expect(String key, int uses) {
        if (uses > 0) {
            entries.computeIfAbsent(key, k -> new Entry()).pending += uses;
        }
    }

    /** One announced cell run is done with {@code key}; after the last, its values are dropped. */
    public synchronized void release(String key) {
        Entry e = entries.get(key);
        if (e != null && --e.pending <= 0) {
            entries.remove(key);
        }
    }

    /**
     * The value of {@code kind} for {@code key}, read by {@code read} once while uses are announced; without an
     * announced use it is read and not kept.
     */
    public <T> T get(String key, Class<T> kind, Supplier<T> read) {
        Entry e;
        synchronized (this) {
            e = entries.get(key);
        }
        if (e == null) {
            return read.get();
        }
        synchronized (e) {
            Object v = e.values.get(kind);
            if (v == null) {
                v = read.get(); // a failure propagates and keeps nothing
                e.values.put(kind, v);
            }
            return kind.cast(v);
        }
    }

    /** The inputs with announced uses left (for tests: zero once every cell is done). */
    public synchronized int pending() {
        return entries.size();
    }
}
