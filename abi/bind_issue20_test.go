package abi

import "testing"

// Issue 20: a wrong-shaped u blamed v ("array v has shape (6,6) but kernel
// declares it (5,6) with nx=5"); the message now names the array whose
// shape set the size, and prints extents clamped at 0, as in Fortran.
func TestBindLoopsBlame(t *testing.T) {
	grid := []Affine{SizeMinus("nx", 0), SizeMinus("ny", 0)}
	k := &Kernel{Name: "st", Rank: 2, Sizes: []Size{{Name: "nx"}, {Name: "ny"}},
		Params: []Param{
			{Name: "nx", Kind: Int, Intent: In}, {Name: "ny", Kind: Int, Intent: In},
			{Name: "u", Kind: Real4, Intent: In, Array: true, Shape: grid},
			{Name: "v", Kind: Real4, Intent: In, Array: true, Shape: grid},
		}}
	for _, tc := range []struct {
		shapes map[string][]int
		given  map[string]int
		want   string
	}{
		{map[string][]int{"u": {5, 6}, "v": {6, 6}}, nil,
			`array "v" has shape (6, 6) but kernel "st" declares it (5, 6) with nx=5, ny=6: nx=5 comes from the shape (5, 6) of array "u"; "u" or "v" has the wrong shape`},
		{map[string][]int{"u": {6, 6}}, map[string]int{"nx": 5},
			`array "u" has shape (6, 6) but kernel "st" declares it (5, 6) with nx=5, ny=6: nx=5 was given with --set; check the --set value or the shape of "u"`},
		{map[string][]int{"u": {3, 6}}, map[string]int{"nx": -5},
			`array "u" has shape (3, 6) but kernel "st" declares it (0, 6) with nx=-5, ny=6: nx=-5 was given with --set; check the --set value or the shape of "u"`},
	} {
		_, err := k.BindWith(tc.shapes, tc.given)
		if err == nil || err.Error() != tc.want {
			t.Errorf("%v %v: %v\nwant %s", tc.shapes, tc.given, err, tc.want)
		}
	}
	// A zero-extent array matches a negative extent.
	if sizes, err := k.BindWith(map[string][]int{"u": {0, 6}, "v": {0, 6}}, map[string]int{"nx": -5}); err != nil || sizes["nx"] != -5 {
		t.Errorf("nx=-5 with (0, 6) arrays: %v %v", sizes, err)
	}
}
