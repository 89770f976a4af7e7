package org.metasched.service;

/**
 * A request the service refuses, answered as RFC 9457 {@code application/problem+json}: the status, a short code,
 * one human line ({@code detail}) in the user's terms and, for bad input, the field it names.
 */
final class ApiException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int status;
    private final String code;
    private final String field;
    private String extraName;
    private String extraJson;

    ApiException(int status, String code, String detail, String field) {
        super(detail);
        this.status = status;
        this.code = code;
        this.field = field;
    }

    static ApiException badInput(String field, String detail) {
        return new ApiException(400, "bad-input", field == null ? detail : field + ": " + detail, field);
    }

    static ApiException unauthorized(String detail) {
        return new ApiException(401, "unauthorized", detail, null);
    }

    static ApiException forbidden(String detail) {
        return new ApiException(403, "forbidden", detail, null);
    }

    static ApiException notFound(String detail) {
        return new ApiException(404, "not-found", detail, null);
    }

    static ApiException conflict(String detail) {
        return new ApiException(409, "conflict", detail, null);
    }

    static ApiException unavailable(String detail) {
        return new ApiException(503, "unavailable", detail, null);
    }

    /** This answer with one more member {@code name} holding {@code json} (a fresh quote on a 409, say). */
    ApiException with(String name, String json) {
        this.extraName = name;
        this.extraJson = json;
        return this;
    }

    String extraName() {
        return extraName;
    }

    String extraJson() {
        return extraJson;
    }

    int status() {
        return status;
    }

    String code() {
        return code;
    }

    String field() {
        return field;
    }
}
