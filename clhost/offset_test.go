package clhost

import (
	"strings"
	"testing"
)

const offsetSource = `
__kernel void mark(__global int* out, const int n) {
	const int i = get_global_id(0);
	if (i < n) out[i] = 1000 * (int)get_global_offset(0) + i;
}
__kernel void groups(__global int* out) {
	const int i = get_group_id(0) * get_local_size(0) + get_global_offset(0) + get_local_id(0);
	out[i] = i == get_global_id(0);
}
`

// TestLaunchAtWith: a launch at a global work offset runs get_global_id
// from the offset, leaves the elements below it alone, and gives
// get_global_offset; group ids, which leave the offset out, recover the
// global id with it, also at an offset that is no multiple of the
// work-group.
func TestLaunchAtWith(t *testing.T) {
	c := newTestContext(t)
	p := mustBuild(t, c, offsetSource, "")
	const n = 40
	out := mustBuffer(t, c, 4*n)
	defer out.Close()
	if err := c.WriteInt32(out, make([]int32, n)); err != nil {
		t.Fatal(err)
	}
	ev, err := c.LaunchAtWith(mustKernel(t, p, "mark"), []int{13}, []int{32}, []int{8}, out, int32(n))
	if err != nil {
		t.Fatal(err)
	}
	ev.Release()
	got := make([]int32, n)
	if err := c.ReadInt32(out, got); err != nil {
		t.Fatal(err)
	}
	for i, v := range got {
		want := int32(0)
		if i >= 13 {
			want = int32(13000 + i)
		}
		if v != want {
			t.Fatalf("out[%d] = %d after a launch of 32 work-items at offset 13, want %d", i, v, want)
		}
	}
	ev, err = c.LaunchAtWith(mustKernel(t, p, "groups"), []int{5}, []int{32}, []int{8}, out)
	if err != nil {
		t.Fatal(err)
	}
	ev.Release()
	if err := c.ReadInt32(out, got); err != nil {
		t.Fatal(err)
	}
	for i := 5; i < 37; i++ {
		if got[i] != 1 {
			t.Fatalf("work-item %d: group id * size + offset + local id is not its global id", i)
		}
	}
	for _, bad := range [][]int{{1, 2}, {-1}} {
		if _, err := c.LaunchAtWith(mustKernel(t, p, "groups"), bad, []int{32}, []int{8}, out); err == nil || !strings.Contains(err.Error(), "offset") {
			t.Errorf("offset %v: %v, want an error naming the offset", bad, err)
		}
	}
}
