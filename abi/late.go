package abi

import "fmt"

// Note [late launches]
//
// A launch whose ranges (or whose host-checked accesses, HostAccesses)
// read a host variable that the device computes (a Combine's, a value
// computed from one or from an element of an array a launch may write,
// or one set under an IF whose condition reads such a value) cannot be
// sized by the dry run (Note [host program]): its value there is stale.
// Such a launch is late: every host sizes it, and checks its accesses,
// each time it reaches it, with the values then, after the blocking read
// of the device value (the Combine or element read that precedes it in
// the program). A late launch that reduces (a scratch buffer of one
// partial result per work-group of it, Buffer.Groups, and a launch after
// it that combines them, taking its work-group count as a GroupsArg) has
// that count only then: every host counts its work-groups when it sizes
// it, grows the scratch buffers it counts to that many values (the dry
// run allocated them for one), and passes the count to the combining
// launch. DeviceVars and Late find late launches from the program alone,
// so every host agrees.

// DeviceVars returns the host variables whose value may come from the
// device (see Note [late launches]).
func (k *Kernel) DeviceVars() map[string]bool {
	dev := map[string]bool{}
	in := map[string]bool{}
	for _, p := range k.Params {
		if p.Array && p.Intent == In {
			in[p.Name] = true
		}
	}
	reads := func(x *Expr) bool {
		found := false
		x.visit(func(y *Expr) {
			found = found || y.Op == "name" && dev[y.Name] || y.Op == "elem" && !in[y.Name]
		})
		return found
	}
	for changed := true; changed; {
		changed = false
		mark := func(v string) {
			if !dev[v] {
				dev[v], changed = true, true
			}
		}
		var walk func(steps []Step, under bool)
		walk = func(steps []Step, under bool) {
			for i := range steps {
				s := &steps[i]
				switch {
				case s.Combine != nil:
					mark(s.Combine.Var)
				case s.Set != nil:
					if under || reads(&s.Set.X) {
						mark(s.Set.Var)
					}
				case s.If != nil:
					u := under || reads(&s.If.Cond)
					walk(s.If.Then, u)
					walk(s.If.Else, u)
				}
				walk(s.Body, under)
			}
		}
		walk(k.Steps, false)
	}
	return dev
}

// Late reports, per launch, whether it is late (Note [late launches]).
func (k *Kernel) Late() []bool {
	out := make([]bool, len(k.Launches))
	if k.Steps == nil {
		return out
	}
	dev := k.DeviceVars()
	if len(dev) == 0 {
		return out
	}
	reads := func(xs ...Affine) bool {
		for _, x := range xs {
			for _, t := range x.Terms {
				if dev[t.Size] {
					return true
				}
			}
		}
		return false
	}
	for i, l := range k.Launches {
		for _, r := range l.Global {
			out[i] = out[i] || reads(r.Positions)
			if r.First != nil {
				out[i] = out[i] || reads(*r.First)
			}
		}
		for _, a := range k.HostAccesses(i) {
			out[i] = out[i] || reads(append([]Affine{a.Min, a.Max, a.Lo, a.Hi}, a.When...)...)
		}
	}
	return out
}

// LateNDRange is NDRange for launch li at the values vals it sees when
// the host reaches it, with its host-checked accesses checked (Note
// [late launches]).
func (k *Kernel) LateNDRange(li int, vals map[string]int) (global, local []int, err error) {
	for _, a := range k.HostAccesses(li) {
		if err := k.checkAccess(&a, vals); err != nil {
			return nil, nil, err
		}
	}
	global, local, err = k.Launches[li].NDRange(vals)
	if err != nil {
		return nil, nil, fmt.Errorf("kernel %q: %v", k.Name, err)
	}
	return global, local, nil
}
