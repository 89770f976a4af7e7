package org.metasched.model;

import java.nio.file.Path;
import java.util.function.Function;

/**
 * {@link Parameter}'s common readers and check as objects, for declarations that would otherwise write {@code
 * Parameter::path}: a lambda or method reference links through the JVM's lambda machinery the first time it is met
 * (about 4 ms for the first in a JVM, 0.1-0.2 ms for each after it, class-data archive notwithstanding), and
 * {@code simulate}'s start meets these (docs/performance.md, "No lambdas on simulate's path").
 */
public final class ParameterReaders {
    /** {@link Parameter#path}. */
    public static final Function<String, Path> PATH = new Function<>() {
        @Override
        public Path apply(String text) {
            return Parameter.path(text);
        }
    };

    /** {@link Parameter#whole(String)}. */
    public static final Function<String, Integer> WHOLE = new Function<>() {
        @Override
        public Integer apply(String text) {
            return Parameter.whole(text);
        }
    };

    /** {@link Parameter#number}. */
    public static final Function<String, Double> NUMBER = new Function<>() {
        @Override
        public Double apply(String text) {
            return Parameter.number(text);
        }
    };

    /** {@link Parameter#bool}. */
    public static final Function<String, Boolean> BOOL = new Function<>() {
        @Override
        public Boolean apply(String text) {
            return Parameter.bool(text);
        }
    };

    /** {@link Parameter#atLeastOne}. */
    public static final Function<Integer, String> AT_LEAST_ONE = new Function<>() {
        @Override
        public String apply(Integer v) {
            return Parameter.atLeastOne(v);
        }
    };

    private ParameterReaders() {}
}
