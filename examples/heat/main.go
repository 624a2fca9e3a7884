// Command heat steps the README's heat kernel with its generated Go
// harness, keeping the temperature on the device and swapping the two
// buffers after each step: the Go loop that `forocl run --steps N --swap
// T=oT` is measured against (BENCHMARKS.md).
//
//	go run ./examples/heat [-n 4096] [-steps 1000] [-c 0.1] [-device SEL]
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/forocl/forocl/clhost"
	"github.com/forocl/forocl/examples/heat/heatcl"
	"github.com/forocl/forocl/npy"
	"github.com/forocl/forocl/runner"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("heat", flag.ContinueOnError)
	fs.SetOutput(stderr)
	n := fs.Int("n", 1024, "grid size n x n, halo included")
	steps := fs.Int("steps", 1000, "time steps")
	c := fs.Float64("c", 0.1, "diffusion number c (stable for c <= 0.25)")
	device := fs.String("device", "", "OpenCL device (as forocl run's --device)")
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return 0
		}
		return 2
	}
	if *n < 3 || *steps < 1 {
		fmt.Fprintln(stderr, "heat: want -n 3 or more and -steps 1 or more")
		return 2
	}
	ms, err := simulate(*device, *n, *steps, float32(*c))
	if err != nil {
		fmt.Fprintln(stderr, "heat:", err)
		return 1
	}
	fmt.Fprintf(stdout, "heat: %d steps of %dx%d, %.4f ms per step (Go harness loop, launches queued back to back, wall clock)\n", *steps, *n, *n, ms)
	return 0
}

// simulate runs steps of the kernel from the same reproducible random
// state forocl run --grid starts from, and returns the time per step.
func simulate(device string, n, steps int, c float32) (float64, error) {
	dev, err := clhost.Select(device)
	if err != nil {
		return 0, err
	}
	ctx, err := clhost.NewContext(dev)
	if err != nil {
		return 0, err
	}
	defer ctx.Close()
	k, err := heatcl.NewStep(ctx)
	if err != nil {
		return 0, err
	}
	defer k.Close()
	t0 := runner.Random(npy.Float32, []int{n, n}, 2) // T is the second dummy
	var a [2]*clhost.Array
	for i := range a {
		if a[i], err = ctx.NewArray(clhost.Float32, n, n); err != nil {
			return 0, err
		}
		defer a[i].Close()
		if err := ctx.WriteFloat32(a[i].Buffer, t0.F32); err != nil {
			return 0, err
		}
	}
	if err := ctx.Finish(); err != nil {
		return 0, err
	}
	start := time.Now()
	for i := 0; i < steps; i++ {
		if err := k.Run(c, a[i%2], a[1-i%2]); err != nil {
			return 0, err
		}
	}
	if err := ctx.Finish(); err != nil {
		return 0, err
	}
	return time.Since(start).Seconds() * 1e3 / float64(steps), nil
}
