/**
 * Open registries by short name: {@link org.metasched.registry.Registry} holds {@link
 * org.metasched.registry.Registered} entries (name, family, one-line description), usually {@link
 * org.metasched.registry.Registration}s with a factory taking the caller's options. One lookup rule for every
 * registry (case-insensitive; an unknown name is an {@link org.metasched.model.InputFormatException} naming the
 * known ones). The window searches ({@code org.metasched.window.WindowSearches}) and the job-flow policies ({@code
 * org.metasched.flow.FlowPolicy}) are registries; ARCHITECTURE.md says which lines to add for a new entry.
 */
package org.metasched.registry;
