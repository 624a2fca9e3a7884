package abi

import (
	"strings"
	"testing"
)

// A DO CONCURRENT with a variable step (Note [variable steps] in
// sema/varstep.go): the host sets the step with a NonZero check and the
// trip count from it, under an IF. A zero step stops the run with the
// check's message; a branch never taken leaves its launch sized from host
// variables at 0, as the Fortran host resets them, instead of failing.
func TestVarStepProgram(t *testing.T) {
	k := &Kernel{Name: "tiles",
		Sizes:  []Size{{Name: "n"}},
		Params: []Param{{Name: "n", Kind: Int, Intent: In}, {Name: "t", Kind: Int, Intent: In}},
		Launches: []*Launch{
			{Symbol: "a", Args: []Arg{{Kind: HostArg, Name: "_trips_j"}}, Global: []Range{{Positions: Affine{Terms: []Term{{1, "_trips_j"}}}, Per: 1}}, Local: []int{4}, MayBeEmpty: true},
		},
		Steps: []Step{
			{Launch: -1, If: &If{Cond: op("<", nm("t"), nm("n")), Then: []Step{
				{Launch: -1, Set: &Set{Var: "_step_j", Kind: Int, X: nm("t"), NonZero: `line 7: the step of the loop over "j" is zero`}},
				{Launch: -1, Set: &Set{Var: "_trips_j", Kind: Int, X: op("/", op("+", op("-", nm("n"), c(1)), nm("_step_j")), nm("_step_j"))}},
				{Launch: 0},
			}}},
		},
	}
	if err := k.checkSteps(); err != nil {
		t.Fatal(err)
	}
	lv, err := k.LaunchVals(map[string]int{"n": 10, "t": 3})
	if err != nil || lv[0]["_trips_j"] != 4 {
		t.Errorf("trips with n=10, t=3: %v (%v), want 4", lv[0]["_trips_j"], err)
	}
	lv, err = k.LaunchVals(map[string]int{"n": 10, "t": 20})
	if err != nil || lv[0]["_trips_j"] != 0 {
		t.Errorf("a launch never reached: %v (%v), want its trips 0", lv[0]["_trips_j"], err)
	}
	_, err = k.LaunchVals(map[string]int{"n": 10, "t": 0})
	if err == nil || err.Error() != `kernel "tiles": line 7: the step of the loop over "j" is zero` {
		t.Errorf("a zero step: %v", err)
	}
	var b strings.Builder
	Fprint(&b, &Unit{Kernels: []*Kernel{k}})
	if !strings.Contains(b.String(), `_step_j = t  (not 0, else "line 7: the step of the loop over \"j\" is zero")`) {
		t.Errorf("the printed program does not show the check:\n%s", b.String())
	}
}
