package main

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"

	"github.com/forocl/forocl/clhost"
	"github.com/forocl/forocl/examples/shallowwater/wavedirect"
)

// TestHarnessConcurrentRuns: one generated kernel object shared by 16
// goroutines, 1,600 launches, each with its own dt and output arrays;
// every result equals the same launch done alone (23-26 launches were
// wrong before Run set arguments and enqueued as one step).
func TestHarnessConcurrentRuns(t *testing.T) {
	ctx := device(t)
	k, err := wavedirect.NewWaveAdvance(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer k.Close()
	const n1, n2, goroutines, launches, nDt = 24, 20, 16, 100, 4
	rng := rand.New(rand.NewPCG(1, 2))
	array := func() *clhost.Array {
		a, err := ctx.NewArray(clhost.Float32, n1, n2)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(a.Release)
		return a
	}
	in := [3]*clhost.Array{array(), array(), array()}
	for i, a := range in {
		f := make([]float32, n1*n2)
		for j := range f {
			f[j] = float32(i) + 0.5 + rng.Float32()
		}
		if err := ctx.WriteFloat32(a.Buffer, f); err != nil {
			t.Fatal(err)
		}
	}
	dts := [nDt]float32{0.001, 0.002, 0.003, 0.004}
	run := func(dt float32, out [3]*clhost.Array) ([]float32, error) {
		zero := make([]float32, n1*n2)
		for _, a := range out {
			if err := ctx.WriteFloat32(a.Buffer, zero); err != nil {
				return nil, err
			}
		}
		if err := k.Run(0.1, 0.1, dt, in[0], in[1], in[2], out[0], out[1], out[2]); err != nil {
			return nil, err
		}
		got := make([]float32, 3*n1*n2)
		for i, a := range out {
			if err := ctx.ReadFloat32(a.Buffer, got[i*n1*n2:(i+1)*n1*n2]); err != nil {
				return nil, err
			}
		}
		return got, nil
	}
	// The reference: each dt alone.
	var want [nDt][]float32
	ref := [3]*clhost.Array{array(), array(), array()}
	for i, dt := range dts {
		if want[i], err = run(dt, ref); err != nil {
			t.Fatal(err)
		}
	}
	outs := make([][3]*clhost.Array, goroutines)
	for g := range outs {
		outs[g] = [3]*clhost.Array{array(), array(), array()}
	}
	var wg sync.WaitGroup
	errs := make(chan error, goroutines)
	for g := range goroutines {
		wg.Add(1)
		go func() {
			defer wg.Done()
			wrong := 0
			for i := range launches {
				d := (g + i) % nDt // consecutive launches differ
				got, err := run(dts[d], outs[g])
				if err != nil {
					errs <- err
					return
				}
				for j := range got {
					if got[j] != want[d][j] {
						wrong++
						break
					}
				}
			}
			if wrong > 0 {
				errs <- fmt.Errorf("goroutine %d: %d of %d launches wrong", g, wrong, launches)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// TestHarnessRejectsBadArrays: a nil array (also the first one) and a
// Shape larger than its buffer are errors, not a panic or a segfault.
func TestHarnessRejectsBadArrays(t *testing.T) {
	ctx := device(t)
	k, err := wavedirect.NewWaveAdvance(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer k.Close()
	a := func(n1, n2 int) *clhost.Array {
		x, err := ctx.NewArray(clhost.Float32, n1, n2)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(x.Release)
		return x
	}
	small := a(8, 8)
	lying := &clhost.Array{Buffer: a(8, 8).Buffer, DType: clhost.Float32, Shape: clhost.Shape{4096, 4096}}
	h, u, v, oh, ou, ov := a(8, 8), a(8, 8), a(8, 8), a(8, 8), a(8, 8), a(8, 8)
	for _, tc := range []struct {
		args [6]*clhost.Array
		want string
	}{
		{[6]*clhost.Array{nil, u, v, oh, ou, ov}, `wave_advance: array "H" is nil`},
		{[6]*clhost.Array{h, u, v, oh, nil, ov}, `wave_advance: array "oU" is nil`},
		{[6]*clhost.Array{lying, u, v, oh, ou, ov}, `wave_advance: array "H" shape (4096, 4096) needs more than the 256 bytes of its buffer`},
		{[6]*clhost.Array{h, u, v, oh, ou, {Buffer: small.Buffer, DType: clhost.Float32}}, `wave_advance: array "oV" has no shape`},
	} {
		err := k.Run(0.1, 0.1, 0.01, tc.args[0], tc.args[1], tc.args[2], tc.args[3], tc.args[4], tc.args[5])
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("error %v, want %q", err, tc.want)
		}
	}
}
