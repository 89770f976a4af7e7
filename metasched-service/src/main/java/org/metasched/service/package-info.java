/**
 * {@code metasched serve}: the virtual organization's metascheduler of paper P002 as an HTTP service. Owners publish
 * priced, partly busy nodes, users submit budgeted jobs, and every cycle plans the waiting jobs as one batch with
 * {@link org.metasched.batch.BatchScheduler} (exactly {@code metasched batch}); reservations, cycles and events persist
 * in SQLite or PostgreSQL, one transaction per change. Start from {@link org.metasched.service.Service}; the
 * operations are {@link org.metasched.service.Metascheduler}, the routes {@link org.metasched.service.Api}, the SQL
 * {@link org.metasched.service.Store}. docs/service.md describes the API.
 */
package org.metasched.service;
