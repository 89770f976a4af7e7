package org.metasched.io.problem;

import org.metasched.model.Geometry;
import org.metasched.model.ResourceRequest;
import org.metasched.timeline.ResourceDomain;

/** One co-allocation problem: the domain with its busy intervals, the geometry, and the job's request. */
public record Problem(ResourceDomain domain, Geometry geometry, ResourceRequest request) {}
