// Command clbench times issue 25's benchmark (scripts/bench/issue25.sh):
// for each kernel of issue25.f90 and babel25.F90, the hand-written OpenCL
// kernel of issue25.cl, launched here, beside the kernel forocl generates,
// run through `forocl run --repeat` in the same run, at each size; with
// copy (a plain 1-D copy of real(8), hand-written) as the roofline. It prints
// a Markdown table: median ms, GB/s counted in the bytes that must move
// (each array's points read or written once), and the ratio to copy; for
// forocl the default schedule untuned (FOROCL_TUNE=0) and tuned (the run
// times its candidates first, with a tuning cache of clbench's own).
// Both kernels run on the same inputs: each array of the hand-written
// kernel holds what `forocl run --grid` fills the Fortran dummy of that
// name with (runner.GridFill: the dummy's kind, its shape and its position
// as the seed), so data-dependent branches take the same paths in both.
// -alt adds rows of forocl alone with other schedule flags; -check instead
// runs both kernels once and compares their outputs.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/clhost"
)

type config struct {
	forocl, dev, dir string
	sizes            []int
	repeat           int
	local            []int    // the hand-written 2-D kernels' work-group
	alts             []string // KERNEL=flags: forocl rows with other flags
	check            bool
	allAlts          bool   // -alt rows at every size, not only the first
	tuneCache        string // the tuned runs' FOROCL_CACHE: empty at the start
	only             string // run only the rows whose label or kernel contains it
}

type altFlags []string

func (a *altFlags) String() string     { return strings.Join(*a, "; ") }
func (a *altFlags) Set(s string) error { *a = append(*a, s); return nil }

func main() {
	var c config
	var sizes, local string
	var alts altFlags
	flag.StringVar(&c.forocl, "forocl", "forocl", "the forocl binary")
	flag.StringVar(&c.dev, "dev", "nvidia", "OpenCL device selector (as forocl's --device)")
	flag.StringVar(&c.dir, "dir", "scripts/bench", "the folder of issue25.f90, babel25.F90 and issue25.cl")
	flag.StringVar(&sizes, "sizes", "3840 7680", "interior sizes n (n x n cells; the BabelStream-style kernels take n*n elements)")
	flag.IntVar(&c.repeat, "repeat", 50, "timed launches per kernel (median)")
	flag.StringVar(&local, "local", "128x1", "work-group of the hand-written 2-D kernels")
	flag.Var(&alts, "alt", "KERNEL=FLAGS or KERNEL.KIND=FLAGS (dot.4=...: real(4) only): also time forocl's KERNEL with these schedule flags, at the first size (repeatable)")
	flag.BoolVar(&c.allAlts, "all-alts", false, "time the -alt rows at every size (default: the first size only)")
	flag.BoolVar(&c.check, "check", false, "compare the hand-written and generated kernels' outputs on the same inputs instead of timing")
	flag.StringVar(&c.only, "only", "", "run only the rows whose label or kernel contains this")
	flag.Parse()
	c.alts = alts
	var err error
	if c.sizes, err = ints(sizes, " "); err == nil {
		c.local, err = ints(local, "x")
	}
	if err == nil {
		err = run(&c)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "clbench:", err)
		os.Exit(1)
	}
}

func ints(s, sep string) ([]int, error) {
	var out []int
	for _, f := range strings.Split(strings.TrimSpace(s), sep) {
		if f = strings.TrimSpace(f); f == "" {
			continue
		}
		n, err := strconv.Atoi(f)
		if err != nil || n < 1 {
			return nil, fmt.Errorf("%q is not a positive integer", f)
		}
		out = append(out, n)
	}
	return out, nil
}

func splitFields(s string) []string { return strings.Fields(s) }

// bench is one device context with issue25.cl built for float and double.
type bench struct {
	*config
	ctx  *clhost.Context
	prog map[int]*clhost.Program // by element bytes
	// ifaces are the Fortran kernels' interfaces, by KERNEL.KIND (iface)
	ifaces map[string]*abi.Kernel
}

func run(c *config) error {
	dev, err := clhost.Select(c.dev)
	if err != nil {
		return err
	}
	ctx, err := clhost.NewContext(dev)
	if err != nil {
		return err
	}
	defer ctx.Close()
	src, err := os.ReadFile(filepath.Join(c.dir, "issue25.cl"))
	if err != nil {
		return err
	}
	if c.tuneCache, err = os.MkdirTemp("", "clbench-tune"); err != nil {
		return err
	}
	defer os.RemoveAll(c.tuneCache)
	b := &bench{config: c, ctx: ctx, prog: map[int]*clhost.Program{}}
	for _, k := range []int{4, 8} {
		p, err := ctx.BuildProgram(string(src), "-D T="+map[int]string{4: "float", 8: "double"}[k])
		if err != nil {
			return fmt.Errorf("issue25.cl: %v\n%s", err, p.Log())
		}
		b.prog[k] = p
	}
	fmt.Printf("device: %s; hand-written 2-D work-group %s; median of %d launches\n\n", dev, local(c.local), c.repeat)
	if c.check {
		return b.checkAll()
	}
	for _, n := range c.sizes {
		if err := b.size(n); err != nil {
			return err
		}
	}
	return nil
}

func local(l []int) string {
	s := make([]string, len(l))
	for i, n := range l {
		s[i] = strconv.Itoa(n)
	}
	return strings.Join(s, "x")
}

// selected reports whether -only keeps sp.
func (b *bench) selected(sp spec) bool {
	return b.only == "" || strings.Contains(sp.label, b.only) || strings.Contains(sp.forocl, b.only)
}

// size times every kernel at size n and prints its table.
func (b *bench) size(n int) error {
	m := (n + 4) * (n + 4)
	ms, err := b.hand(rooflineSpec(), m, 8, nil)
	if err != nil {
		return err
	}
	copyGB := 2 * float64(m) * 8 / ms / 1e6
	fmt.Printf("### %dx%d (BabelStream-style: %d elements); copy: plain 1-D copy of %d real(8), hand-written: %.4f ms, %.0f GB/s\n\n",
		n, n, n*n, m, ms, copyGB)
	fmt.Println("| kernel | hand ms | hand GB/s | hand/copy | forocl ms | forocl GB/s | forocl/copy | tuned ms | tuned GB/s | tuned/copy | tuned/hand | forocl flags, tuned choice |")
	fmt.Println("| :----- | ------: | --------: | --------: | --------: | ----------: | ----------: | -------: | --------: | ---------: | ---------: | :------------------------- |")
	row := func(label string, sp spec, size, kind int) {
		points := float64(size) * float64(size)
		if sp.babel {
			size *= size
		}
		bytes := float64(sp.moved) * points * float64(kind)
		hms, herr := b.hand(sp, size, kind, nil)
		hs := cells(hms, bytes, copyGB, herr)
		if sp.handOnly {
			fmt.Printf("| %s |%s| | | | | | | | (hand-written only) |\n", label, hs)
			return
		}
		flags := []string{""}
		if n == b.sizes[0] || b.allAlts {
			flags = append(flags, b.altsOf(sp.forocl, kind)...)
		}
		for i, f := range flags {
			ft, _, ferr := b.foroclRun(sp, size, kind, splitFields(f), false, false)
			name, hc, tc, ratio, choice := label, hs, " | | ", "—", flagText(f)
			if i > 0 {
				name, hc = label+" (alt)", " | | "
			} else if !sp.dot {
				// tuned: the run times the candidates, then runs the choice
				tt, _, terr := b.foroclRun(sp, size, kind, nil, false, true)
				tc = cells(tt.ms, bytes, copyGB, terr)
				if herr == nil && terr == nil {
					ratio = fmt.Sprintf("%.3f", hms/tt.ms)
				}
				choice = "tuned: " + tt.tuned
			} else {
				choice = "(default; reductions are not tuned)"
			}
			if i > 0 || sp.dot {
				if herr == nil && ferr == nil {
					ratio = fmt.Sprintf("%.3f", hms/ft.ms)
				}
			}
			fmt.Printf("| %s |%s|%s|%s| %s | %s |\n", name, hc, cells(ft.ms, bytes, copyGB, ferr), tc, ratio, choice)
		}
	}
	for _, sp := range cloverSpecs() {
		if b.selected(sp) {
			row(sp.label, sp, n, 8)
		}
	}
	for _, kind := range []int{8, 4} {
		for _, sp := range babelSpecs() {
			if b.selected(sp) {
				row(fmt.Sprintf("%s (real(%d))", sp.label, kind), sp, n, kind)
			}
		}
	}
	fmt.Println()
	return nil
}

func flagText(f string) string {
	if f == "" {
		return "(default)"
	}
	return "`" + f + "`"
}

// cells spells ms, GB/s and the ratio to copy, or the error.
func cells(ms, bytes, copyGB float64, err error) string {
	if err != nil {
		msg := strings.ReplaceAll(err.Error(), "|", "/")
		if len(msg) > 60 {
			msg = msg[:60]
		}
		return " FAILED: " + msg + " | | "
	}
	gb := bytes / ms / 1e6
	return fmt.Sprintf(" %.4f | %.0f | %.3f ", ms, gb, gb/copyGB)
}

// altsOf returns the -alt flags for forocl kernel k in kind, in the order
// given: those of KERNEL=FLAGS, and of KERNEL.KIND=FLAGS (dot.4: real(4)
// only).
func (b *bench) altsOf(k string, kind int) []string {
	var out []string
	for _, a := range b.alts {
		if name, flags, ok := strings.Cut(a, "="); ok && (name == k || name == fmt.Sprintf("%s.%d", k, kind)) {
			out = append(out, flags)
		}
	}
	return out
}

func median(xs []float64) float64 {
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	if len(s) == 0 {
		return 0
	}
	return s[len(s)/2]
}
