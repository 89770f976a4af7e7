package org.metasched.model;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A system's parameter schema: its {@link Parameter}s in order (the help's and a sweep's column order), and the
 * values one run gives them ({@link Values}). The command line, the sweep file and the configuration all read it.
 */
public final class Parameters {
    private final List<Parameter<?>> all;

    public Parameters(Parameter<?>... all) {
        this.all = List.of(all);
    }

    /** The parameters, in order. */
    public List<Parameter<?>> all() {
        return all;
    }

    /** The parameter a sweep file calls {@code fileName}, or null. */
    public Parameter<?> inFiles(String fileName) {
        for (Parameter<?> p : all) {
            if (p.fileName().equals(fileName)) {
                return p;
            }
        }
        return null;
    }

    /** A sweep file's vocabulary: the parameter a configuration calls {@code name} as the file calls it. */
    public String fileName(String name) {
        for (Parameter<?> p : all) {
            if (p.name().equals(name)) {
                return p.fileName();
            }
        }
        return name;
    }

    /**
     * The values of a sweep cell's texts, by the file's names.
     *
     * @throws ParameterException naming the first parameter whose text is not acceptable
     */
    public Values read(Map<String, String> texts) {
        Map<Parameter<?>, Object> given = new LinkedHashMap<>();
        for (Parameter<?> p : all) {
            String text = texts.get(p.fileName());
            if (text != null) {
                try {
                    given.put(p, p.parse(text));
                } catch (Parameter.Invalid e) {
                    throw new ParameterException(n -> n.apply(p.name()) + ": " + e.getMessage());
                }
            }
        }
        return new Values(given);
    }

    /** Values read elsewhere (the command line's options), each already parsed by its parameter. */
    public Values of(Map<Parameter<?>, Object> given) {
        return new Values(new LinkedHashMap<>(given));
    }

    /** One run's values: those given, and the defaults of the rest. */
    public static final class Values {
        private final Map<Parameter<?>, Object> given;

        private Values(Map<Parameter<?>, Object> given) {
            this.given = given;
        }

        /** The value given, else the parameter's default. */
        @SuppressWarnings("unchecked")
        public <T> T get(Parameter<T> p) {
            return given.containsKey(p) ? (T) given.get(p) : p.otherwise();
        }

        public boolean has(Parameter<?> p) {
            return given.containsKey(p);
        }
    }
}
