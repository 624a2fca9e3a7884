// Package cltest gives tests one shared OpenCL context on the test device
// (PoCL unless FOROCL_DEVICE says otherwise) and the rule for missing
// tools: skip when OpenCL or gfortran is absent, unless
// FOROCL_REQUIRE_OPENCL is set (as CI does), then fail.
package cltest

import (
	"errors"
	"os"
	"os/exec"
	"sync"
	"testing"

	"github.com/forocl/forocl/clhost"
)

var (
	once sync.Once
	ctx  *clhost.Context
	err  error
)

// Required reports whether tests must fail instead of skipping when a
// tool is missing.
func Required() bool { return os.Getenv("FOROCL_REQUIRE_OPENCL") != "" }

// Context returns the shared context. It lives until the test binary
// exits (Close releases it early, for TestMain).
func Context(t testing.TB) *clhost.Context {
	t.Helper()
	once.Do(func() {
		sel := os.Getenv("FOROCL_DEVICE")
		if sel == "" {
			sel = "pocl"
		}
		var d clhost.Device
		if d, err = clhost.Select(sel); err == nil {
			ctx, err = clhost.NewContext(d)
		}
	})
	if err != nil {
		if Required() || !errors.Is(err, clhost.ErrUnavailable) {
			t.Fatalf("OpenCL: %v", err)
		}
		t.Skipf("OpenCL not available: %v", err)
	}
	return ctx
}

// Close releases the shared context if one was made.
func Close() {
	if ctx != nil {
		ctx.Close()
	}
}

// Gfortran skips (or, when required, fails) the test when gfortran is not
// installed.
func Gfortran(t testing.TB) {
	t.Helper()
	if _, err := exec.LookPath("gfortran"); err != nil {
		if Required() {
			t.Fatalf("gfortran not installed: %v", err)
		}
		t.Skip("gfortran not installed")
	}
}
