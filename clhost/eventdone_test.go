package clhost

import "testing"

// TestEventDone: Done reports a completed launch without waiting for it,
// and a closed event is an error.
func TestEventDone(t *testing.T) {
	c := newTestContext(t)
	k := mustKernel(t, mustBuild(t, c, testSource, ""), "saxpy")
	const n = 1 << 12
	bx, by := mustBuffer(t, c, 4*n), mustBuffer(t, c, 4*n)
	if err := k.SetArgs(n, float32(3), bx, by); err != nil {
		t.Fatal(err)
	}
	ev, err := c.Launch(k, []int{n}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := ev.Wait(); err != nil {
		t.Fatal(err)
	}
	if done, err := ev.Done(); !done || err != nil {
		t.Errorf("Done after Wait = %v, %v; want true", done, err)
	}
	ev.Close()
	if _, err := ev.Done(); err == nil {
		t.Error("Done on a closed event succeeded")
	}
	var nilEv *Event
	if _, err := nilEv.Done(); err == nil {
		t.Error("Done on a nil event succeeded")
	}
}
