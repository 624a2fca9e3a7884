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
// candidates first) or not (FOROCL_TUNE=0): with d nil, on forocl's
// filled inputs with --repeat, returning the median ms; with d, once on
// d's inputs (through .npy files), storing the outputs (and the scalar
// results) in out.
func (b *bench) foroclRun(sp spec, n, kind int, extra []string, d data, tune bool) (foroclTime, data, error) {
	args := []string{"run"}
	if sp.babel {
		args = append(args, "-D", fmt.Sprintf("RK=%d", kind), filepath.Join(b.dir, "babel25.F90"), "--grid", fmt.Sprint(n))
		if !sp.assumed {
			args = append(args, "--set", fmt.Sprintf("n=%d", n))
		}
	} else {
		args = append(args, filepath.Join(b.dir, "issue25.f90"), "--grid", fmt.Sprintf("%dx%d", n+4, n+4))
		for _, s := range []string{"x_min=1", "y_min=1", fmt.Sprintf("x_max=%d", n), fmt.Sprintf("y_max=%d", n)} {
			args = append(args, "--set", s)
		}
	}
	if sp.scalar != "" {
		args = append(args, "--set", fmt.Sprintf("%s=%v", sp.scalar, scalarValue(sp, kind)))
	}
	args = append(args, "--kernel", sp.forocl, "--device", b.dev, "--json")
	var tmp string
	if d != nil {
		var err error
		if tmp, err = os.MkdirTemp("", "clbench"); err != nil {
			return foroclTime{}, nil, err
		}
		defer os.RemoveAll(tmp)
		more, err := writeInputs(tmp, sp, n, kind, d)
		if err != nil {
			return foroclTime{}, nil, err
		}
		args = append(args, more...)
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
	if d == nil {
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

// writeInputs writes every array of sp from d into dir as .npy and
// returns the --in and --out flags that name them.
func writeInputs(dir string, sp spec, n, kind int, d data) ([]string, error) {
	var flags []string
	for _, a := range sp.arrays {
		arr := &npy.Array{Shape: a.shape.dims(n)}
		if kind == 4 {
			arr.DType = npy.Float32
			for _, x := range d[a.name] {
				arr.F32 = append(arr.F32, float32(x))
			}
		} else {
			arr.DType, arr.F64 = npy.Float64, d[a.name]
		}
		in := filepath.Join(dir, a.name+".npy")
		if err := npy.Write(in, arr); err != nil {
			return nil, err
		}
		flags = append(flags, "--in", a.name+"="+in)
		if a.out {
			flags = append(flags, "--out", a.name+"="+filepath.Join(dir, a.name+"_out.npy"))
		}
	}
	return flags, nil
}

// readOutputs reads the written arrays of sp back from dir.
func readOutputs(dir string, sp spec) (data, error) {
	out := data{}
	for _, a := range sp.arrays {
		if !a.out {
			continue
		}
		arr, err := npy.Read(filepath.Join(dir, a.name+"_out.npy"))
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
