package org.metasched.io.problem;

import org.metasched.availability.AvailabilityDomain;
import org.metasched.availability.AvailabilityRequest;

/** One allocation problem under uncertainty (paper P003): nodes with availability, the job's request. */
public record AvailabilityProblem(AvailabilityDomain domain, AvailabilityRequest request) {}
