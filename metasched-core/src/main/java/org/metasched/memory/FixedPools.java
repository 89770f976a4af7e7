package org.metasched.memory;

/** The {@code static} baseline: the initial partition of {@link MachineConfigurations}, never changed. */
public final class FixedPools implements MemoryProvisioner {
    private final MachineConfigurations configurations;

    public FixedPools(MemoryConfig c) {
        this.configurations = MachineConfigurations.of(c.coresPerMachine(), c.memoryGiB(), c.classesGiB());
    }

    @Override
    public int[] initialDesignations(ClusterView cluster) {
        return configurations.initialPartition(cluster.machines());
    }

    @Override
    public void queueChanged(ClusterView cluster, MemoryDecisions decisions) {}

    @Override
    public void jobEnded(ClusterView cluster, int core, MemoryDecisions decisions) {}
}
