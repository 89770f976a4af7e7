package org.metasched.window.select;

/** Stable sorting of int index arrays by primitive keys, without boxing (hot paths). */
public final class IndexSort {
    private IndexSort() {}

    /**
     * Sorts {@code a[0..len)} stably by {@code key1[a[i]]}, then {@code key2[a[i]]} (either key may be null to
     * skip it); remaining ties keep their input order.
     */
    public static void sort(int[] a, int len, double[] key1, double[] key2, int[] scratch) {
        if (len < 24) {
            for (int i = 1; i < len; i++) {
                int v = a[i];
                int j = i - 1;
                while (j >= 0 && less(v, a[j], key1, key2)) {
                    a[j + 1] = a[j];
                    j--;
                }
                a[j + 1] = v;
            }
            return;
        }
        int[] tmp = scratch != null && scratch.length >= len ? scratch : new int[len];
        for (int width = 1; width < len; width <<= 1) {
            for (int lo = 0; lo < len; lo += width << 1) {
                int mid = Math.min(lo + width, len);
                int hi = Math.min(lo + (width << 1), len);
                int i = lo;
                int j = mid;
                int k = lo;
                while (i < mid && j < hi) {
                    tmp[k++] = less(a[j], a[i], key1, key2) ? a[j++] : a[i++];
                }
                while (i < mid) {
                    tmp[k++] = a[i++];
                }
                while (j < hi) {
                    tmp[k++] = a[j++];
                }
            }
            System.arraycopy(tmp, 0, a, 0, len);
        }
    }

    private static boolean less(int x, int y, double[] key1, double[] key2) {
        if (key1 != null) {
            if (key1[x] < key1[y]) {
                return true;
            }
            if (key1[x] > key1[y]) {
                return false;
            }
        }
        return key2 != null && key2[x] < key2[y];
    }
}
