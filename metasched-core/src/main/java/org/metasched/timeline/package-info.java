/**
 * Node timelines and the slots derived from them. A {@link org.metasched.timeline.ResourceDomain} holds the nodes,
 * a {@link org.metasched.timeline.NodeTimeline} of busy intervals per node and the scheduling horizon; {@link
 * org.metasched.timeline.ResourceDomain#slots()} derives the idle {@link org.metasched.timeline.SlotList} (spec
 * 1.2, DeriveSlots) and {@link org.metasched.timeline.ResourceDomain#commit} reserves a window (spec 1.5,
 * CutSlots). Start from {@code ResourceDomain}.
 */
package org.metasched.timeline;
