package codegen

import "testing"

// TestGroupIndex pins the flat work-item index and work-group index the
// reduction trees use: nested column-major over the work-group shape, so
// a 32x4x2 group numbers its 256 work-items 0..255 (a 3-D group once
// multiplied by the product of all lower extents twice and wrote past
// the tree).
func TestGroupIndex(t *testing.T) {
	for _, c := range []struct {
		local        []int
		flat, groups string
	}{
		{[]int{256}, "get_local_id(0)", "get_group_id(0)"},
		{[]int{32, 8}, "get_local_id(0) + 32 * (get_local_id(1))", "get_group_id(0) + get_num_groups(0) * (get_group_id(1))"},
		{[]int{32, 4, 2}, "get_local_id(0) + 32 * (get_local_id(1) + 4 * (get_local_id(2)))",
			"get_group_id(0) + get_num_groups(0) * (get_group_id(1) + get_num_groups(1) * (get_group_id(2)))"},
	} {
		flat, groups := groupIndex(c.local)
		if flat != c.flat || groups != c.groups {
			t.Errorf("groupIndex(%v) = %q, %q; want %q, %q", c.local, flat, groups, c.flat, c.groups)
		}
	}
}
