package abi

import (
	"fmt"
	"sync"
)

// Note [host loops]
//
// A loop kernel may repeat some of its launches: a sequential DO loop
// around parallel loop nests in the Fortran source runs on the host (Note
// [host loops] in package ir). Launches stays the flat list of every
// launch, in program order, so that hosts size scratch buffers, create
// kernels and compute NDRanges as before; HostLoops says which runs of it
// repeat. A Loop repeats Launches[First:End] for its variable Var = Lo,
// Lo+Step, ..., the trip count max((Hi-Lo+Step)/Step, 0) evaluated once
// before the first trip, exactly as Fortran's DO. Lo, Hi and Step are
// affine in the sizes and in the variables of the loops around it. They
// are listed outermost first (by First, then by decreasing End), and any
// two are nested or disjoint. A launch inside a loop takes the variable's
// current value as a LoopArg argument. Program gives the tree, for hosts
// that emit code (a Go for loop, a Fortran DO); Walk runs it, for hosts
// that interpret it (runner). NDRanges do not depend on loop variables,
// so a host computes them once.

// Loop is a host loop: Launches[First:End] repeated for Var from Lo to Hi
// by Step (see Note [host loops]).
type Loop struct {
	Var   string `json:"var"`
	Lo    Affine `json:"lo"`
	Hi    Affine `json:"hi"`
	Step  Affine `json:"step"`
	First int    `json:"first"`
	End   int    `json:"end"`
}

// Trips evaluates the loop's bounds with vals (the sizes, and the
// variables of the loops around it) and returns its first value, its
// step and its trip count, max((hi-lo+step)/step, 0) with division
// towards zero as in Fortran. A zero step is an error.
func (l *Loop) Trips(vals map[string]int) (lo, step, trips int, err error) {
	lo, err = l.Lo.Eval(vals)
	if err != nil {
		return 0, 0, 0, err
	}
	hi, err := l.Hi.Eval(vals)
	if err != nil {
		return 0, 0, 0, err
	}
	step, err = l.Step.Eval(vals)
	if err != nil {
		return 0, 0, 0, err
	}
	if step == 0 {
		return 0, 0, 0, fmt.Errorf("the loop over %q has step 0", l.Var)
	}
	return lo, step, max((hi-lo+step)/step, 0), nil
}

// Step is one item of a kernel's program: a launch (Launch, an index into
// Kernel.Launches, with Loop nil) or a host loop and its body.
// A host program (Note [host program]) adds host statements: Set and If.
// In JSON (Kernel.Steps) a launch is {"launch": i}; the other steps have
// launch -1.
type Step struct {
	Launch int    `json:"launch"`
	Loop   *Loop  `json:"loop,omitempty"`
	Body   []Step `json:"body,omitempty"`
	Set    *Set   `json:"set,omitempty"`
	If     *If    `json:"if,omitempty"`
	// Combine folds a reducing launch's value into a host variable.
	Combine *Combine `json:"combine,omitempty"`
	// Print writes a record (Note [list-directed output]).
	Print *Print `json:"print,omitempty"`
}

// Program returns the kernel's launches as a tree: each launch in order,
// and each Loop in place of the launches it repeats, with them as its
// body. HostLoops must satisfy CheckLoops.
func (k *Kernel) Program() []Step {
	if k.Steps != nil {
		return k.Steps
	}
	next := 0
	return k.program(0, len(k.Launches), &next)
}

func (k *Kernel) program(i, end int, next *int) []Step {
	var out []Step
	for i < end {
		if *next < len(k.HostLoops) && k.HostLoops[*next].First == i {
			lp := &k.HostLoops[*next]
			*next++
			out = append(out, Step{Launch: -1, Loop: lp, Body: k.program(i, lp.End, next)})
			i = lp.End
			continue
		}
		out = append(out, Step{Launch: i})
		i++
	}
	return out
}

// Walk runs the kernel's program with the given sizes: it calls f for
// every launch in the order a host enqueues them, with vals holding the
// sizes and the current values of the loop variables around the launch
// (f must not keep or change it). It stops at f's first error.
func (k *Kernel) Walk(sizes map[string]int, f func(launch int, vals map[string]int) error) error {
	return k.WalkWith(sizes, f, nil)
}

// WalkWith is Walk from init (the sizes and the scalar parameters a
// host program reads: HostInit), running host statements (Note [host
// program]) as a dry run: a Combine step reads nothing, and leaves its
// variable, and the variables computed from it, unknown (see Run); end,
// when not nil, sees vals after the last step.
func (k *Kernel) WalkWith(init map[string]int, f func(launch int, vals map[string]int) error, end func(vals map[string]int)) error {
	return k.Run(init, Host{Launch: f, End: end})
}

// Host is what a host gives the program it runs (Kernel.Run).
type Host struct {
	// Launch enqueues a launch, with vals holding the values it sees (it
	// must not keep or change vals).
	Launch func(launch int, vals map[string]int) error
	// Read returns the word (Note [host values]) of the one element of
	// scratch buffer name, of kind k, once the launches before it are
	// done. When nil the run is dry: a Combine leaves its variable
	// unknown, so is every variable set from an unknown one or under an
	// IF whose condition reads one (neither branch runs); sema sees to it
	// that no launch and no range depends on such a value.
	Read func(buffer string, k Kind) (int, error)
	// Elem returns the word of element offset (column-major, from 0) of
	// array parameter array, of kind k, as the launches before it left it
	// (Note [host elements]); nil in a dry run, where an element is
	// unknown.
	Elem func(array string, k Kind, offset int) (int, error)
	// In, when not nil in a dry run (Elem nil), reads as Elem does an
	// element of an intent(in) array parameter, which no launch changes,
	// from the host's inputs; the dry run then knows those elements
	// (Note [host elements]).
	In func(array string, k Kind, offset int) (int, error)
	// End, when not nil, sees vals after the last step (it must not keep
	// vals).
	End func(vals map[string]int)
	// Write writes a Print step's record (without its newline) to unit 0
	// (standard error) or 6 (standard output). A dry run (Read nil) skips
	// Print steps.
	Write func(unit int, record string) error
}

// Run runs the kernel's program from init with host h. Every host
// variable starts at 0, unless init gives it. A run of a program with
// host statements allocates nothing once the maps it takes from a pool
// have grown, so that a Go harness's run allocates nothing (the pool
// is why h's functions must not keep vals).
func (k *Kernel) Run(init map[string]int, h Host) error {
	w := walkers.Get().(*walker)
	defer func() {
		clear(w.vals)
		clear(w.unknown)
		w.k = nil
		walkers.Put(w)
	}()
	w.k = k
	vals := w.vals
	zeroHostVars(k.Steps, vals) // as the Fortran host resets them: a launch in a branch never taken is sized with 0
	for n, v := range init {
		vals[n] = v
	}
	if err := w.walk(&h, k.Program()); err != nil {
		return err
	}
	if h.End != nil {
		h.End(vals)
	}
	return nil
}

// walkers holds Run's walkers, with their maps. h is not a walker's: it
// is passed to each method, so that its functions do not escape with the
// walker's maps (vals goes to h.Launch) and a host's closures stay on its
// stack.
var walkers = sync.Pool{New: func() any { return &walker{vals: map[string]int{}, unknown: map[string]bool{}} }}

// zeroHostVars sets to 0 in vals every host variable steps set (the
// variables of HostVars).
func zeroHostVars(steps []Step, vals map[string]int) {
	for i := range steps {
		s := &steps[i]
		if s.Set != nil {
			vals[s.Set.Var] = 0
		}
		if s.Combine != nil {
			vals[s.Combine.Var] = 0
		}
		zeroHostVars(s.Body, vals)
		if s.If != nil {
			zeroHostVars(s.If.Then, vals)
			zeroHostVars(s.If.Else, vals)
		}
	}
}

type walker struct {
	k       *Kernel
	vals    map[string]int
	unknown map[string]bool // in a dry run: the values that come from the device
}

func (w *walker) walk(h *Host, steps []Step) error {
	for i := range steps {
		s := &steps[i]
		if s.Set != nil || s.If != nil || s.Combine != nil || s.Print != nil {
			body, err := w.exec(h, s)
			if err == nil {
				err = w.walk(h, body)
			}
			if err != nil {
				return err
			}
			continue
		}
		if s.Loop == nil {
			if err := h.Launch(s.Launch, w.vals); err != nil {
				return err
			}
			continue
		}
		lo, step, trips, err := s.Loop.Trips(w.vals)
		if err != nil {
			return fmt.Errorf("kernel %q: %v", w.k.Name, err)
		}
		for t := 0; t < trips; t++ {
			w.vals[s.Loop.Var] = lo + t*step
			if err := w.walk(h, s.Body); err != nil {
				return err
			}
		}
		w.vals[s.Loop.Var] = lo + trips*step // its value after the loop, as Fortran's DO leaves it
	}
	return nil
}

// CheckLoops reports whether the kernel's HostLoops are well formed: each
// covers at least one launch, they are ordered outermost first and any
// two are nested or disjoint, a loop's variable is neither a size nor the
// variable of a loop around it, its bounds name only sizes and the
// variables of the loops around it, and every LoopArg of a launch names
// a loop around that launch.
func (k *Kernel) CheckLoops() error {
	sizes := map[string]bool{}
	for _, s := range k.Sizes {
		sizes[s.Name] = true
	}
	for i := range k.HostLoops {
		l := &k.HostLoops[i]
		if l.First < 0 || l.First >= l.End || l.End > len(k.Launches) {
			return fmt.Errorf("kernel %q: loop over %q repeats launches %d to %d of %d", k.Name, l.Var, l.First, l.End, len(k.Launches))
		}
		if l.Step.IsConstant() && l.Step.Const == 0 {
			return fmt.Errorf("kernel %q: the loop over %q has step 0", k.Name, l.Var)
		}
		if sizes[l.Var] {
			return fmt.Errorf("kernel %q: loop variable %q is also a size", k.Name, l.Var)
		}
		known := map[string]bool{}
		for n := range sizes {
			known[n] = true
		}
		if i > 0 {
			p := &k.HostLoops[i-1]
			if l.First < p.First || l.First == p.First && l.End > p.End {
				return fmt.Errorf("kernel %q: loops are not listed outermost first", k.Name)
			}
		}
		for j := 0; j < i; j++ {
			o := &k.HostLoops[j]
			switch {
			case l.First >= o.End:
			case l.End <= o.End:
				if o.Var == l.Var {
					return fmt.Errorf("kernel %q: loop variable %q is the variable of a loop around it", k.Name, l.Var)
				}
				known[o.Var] = true
			default:
				return fmt.Errorf("kernel %q: loops over %q and %q overlap without nesting", k.Name, o.Var, l.Var)
			}
		}
		for _, a := range []Affine{l.Lo, l.Hi, l.Step} {
			for _, t := range a.Terms {
				if !known[t.Size] {
					return fmt.Errorf("kernel %q: a bound of the loop over %q names %q, which is neither a size nor the variable of a loop around it", k.Name, l.Var, t.Size)
				}
			}
		}
	}
	if err := k.checkSteps(); err != nil {
		return err
	}
	for i, ln := range k.Launches {
		for _, a := range ln.Args {
			if a.Kind != LoopArg {
				continue
			}
			found := false
			for _, l := range k.HostLoops {
				found = found || l.Var == a.Name && l.First <= i && i < l.End
			}
			if !found {
				return fmt.Errorf("kernel %q: launch %s takes loop variable %q outside its loop", k.Name, ln.Symbol, a.Name)
			}
		}
	}
	return nil
}

// IsConstant reports whether a has no terms.
func (a Affine) IsConstant() bool { return len(a.Terms) == 0 }
