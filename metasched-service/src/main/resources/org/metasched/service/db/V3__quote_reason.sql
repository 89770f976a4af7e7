-- metasched serve: why a quote found no window, kept so that GET /v1/quotes/{id} says it as the quote's answer did
-- (a quote made before this column has none)
ALTER TABLE quotes ADD COLUMN reason TEXT;
