package ir

import "testing"

// TestFoldRoundsReal4: a constant of kind real(4), converted or computed,
// holds a single-precision value, as gfortran's constant expressions do:
// real(0.1d0) is 0.100000001490116..., not 0.1.
func TestFoldRoundsReal4(t *testing.T) {
	c, err := Fold(&Convert{X: &Const{Kind: Real8, Float: 0.1}, T: Type{Kind: Real4}})
	if err != nil || c.Float != float64(float32(0.1)) {
		t.Errorf("real(0.1d0) folds to %v, %v; want %v", c, err, float64(float32(0.1)))
	}
	c, err = Fold(&Binary{Op: Div, X: &Const{Kind: Real4, Float: 1}, Y: &Const{Kind: Real4, Float: 3}, T: Type{Kind: Real4}})
	if err != nil || c.Float != float64(float32(1.0/3)) {
		t.Errorf("1.0/3.0 folds to %v, %v; want %v", c, err, float64(float32(1.0/3)))
	}
	c, err = Fold(&Convert{X: &Const{Kind: Real4, Float: float64(float32(0.1))}, T: Type{Kind: Real8}})
	if err != nil || c.Float != float64(float32(0.1)) {
		t.Errorf("dble(0.1) folds to %v, %v; want the real(4) value %v", c, err, float64(float32(0.1)))
	}
}
