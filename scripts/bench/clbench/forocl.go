package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/forocl/forocl/npy"
)

// foroclTime is a timed forocl run: the median ms and the schedule the
// tuning chose ("" when it did not tune).
type foroclTime struct {
	ms    float64
	tuned string
}

// foroclRun runs sp's Fortran kernel through `forocl run` at size n in kind
// with the extra flags, tuned (with FOROCL_TUNE on and clbench's own
// tuning cache, which is empty at the start, so the run times the
// candidates first) or not (FOROCL_TUNE=0), on the inputs its --grid
// fills: with outs false, with --repeat, returning the median ms; with
// outs, once, returning the outputs (and the scalar results).
func (b *bench) foroclRun(sp spec, n, kind int, extra []string, outs, tune bool) (foroclTime, data, error) {
	args := b.runArgs(sp, n, kind)
	var tmp string
	if outs {
		var err error
		if tmp, err = os.MkdirTemp("", "clbench"); err != nil {
			return foroclTime{}, nil, err
		}
		defer os.RemoveAll(tmp)
		for _, a := range sp.arrays {
			if a.out {
				args = append(args, "--out", a.name+"="+filepath.Join(tmp, a.name+".npy"))
			}
		}
	} else {
		args = append(args, "--repeat", fmt.Sprint(b.repeat))
	}
	args = append(args, extra...)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, b.forocl, args...)
	cmd.Env = append(os.Environ(), "FOROCL_TUNE=0")
	if tune {
		cmd.Env = append(os.Environ(), "FOROCL_TUNE=1", "FOROCL_CACHE="+b.tuneCache)
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	raw, err := cmd.Output()
	if err != nil {
		return foroclTime{}, nil, fmt.Errorf("forocl %s: %v: %s", strings.Join(args, " "), err, lastLine(stderr.String()+string(raw)))
	}
	var res struct {
		Results map[string]any `json:"results"`
		Timing  struct {
			Median float64 `json:"median_ms"`
		} `json:"timing"`
		Tuned string `json:"tuned"`
	}
	if err := json.Unmarshal(raw, &res); err != nil {
		return foroclTime{}, nil, fmt.Errorf("forocl's output: %v: %s", err, lastLine(string(raw)))
	}
	if !outs {
		return foroclTime{res.Timing.Median, res.Tuned}, nil, nil
	}
	out, err := readOutputs(tmp, sp)
	if s, ok := res.Results[resultName(sp)].(float64); ok {
		out[resultName(sp)] = []float64{s}
	}
	return foroclTime{}, out, err
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return lines[len(lines)-1]
}

// runArgs are the arguments of `forocl run` for sp at size n in kind,
// before the flags of outputs, repeats and schedules: the source, the
// --grid that fills the inputs, the --set sizes and scalar, the kernel
// and the device.
func (b *bench) runArgs(sp spec, n, kind int) []string {
	path, defs := b.source(sp, kind)
	args := []string{"run"}
	for _, d := range defs {
		args = append(args, "-D", d)
	}
	args = append(args, path)
	if sp.babel {
		args = append(args, "--grid", fmt.Sprint(n))
		if !sp.assumed {
			args = append(args, "--set", fmt.Sprintf("n=%d", n))
		}
	} else {
		args = append(args, "--grid", fmt.Sprintf("%dx%d", n+4, n+4))
		for _, s := range []string{"x_min=1", "y_min=1", fmt.Sprintf("x_max=%d", n), fmt.Sprintf("y_max=%d", n)} {
			args = append(args, "--set", s)
		}
	}
	if sp.scalar != "" {
		args = append(args, "--set", fmt.Sprintf("%s=%v", sp.scalar, scalarValue(sp, kind)))
	}
	return append(args, "--kernel", sp.forocl, "--device", b.dev, "--json")
}

// readOutputs reads the written arrays of sp back from dir.
func readOutputs(dir string, sp spec) (data, error) {
	out := data{}
	for _, a := range sp.arrays {
		if !a.out {
			continue
		}
		arr, err := npy.Read(filepath.Join(dir, a.name+".npy"))
		if err != nil {
			return nil, err
		}
		if arr.DType == npy.Float32 {
			for _, x := range arr.F32 {
				out[a.name] = append(out[a.name], float64(x))
			}
		} else {
			out[a.name] = arr.F64
		}
	}
	return out, nil
}
