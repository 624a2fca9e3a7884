package main

import (
	"strings"
	"testing"

	"github.com/forocl/forocl/diag"
)

// TestExplainCode prints the entry of a code given as in a diagnostic,
// with or without its brackets.
func TestExplainCode(t *testing.T) {
	for _, arg := range []string{"kernel-inout", "[kernel-inout]"} {
		code, out, errOut := cli(t, "explain", arg)
		if code != 0 || errOut != "" {
			t.Fatalf("explain %s: exit %d, stderr %q", arg, code, errOut)
		}
		for _, want := range []string{"kernel-inout (error, reported by sema)\n", `array "…" is intent(inout)`, "Work-items run in no fixed order", "docs/errors.md#kernel-inout"} {
			if !strings.Contains(out, want) {
				t.Errorf("explain %s: missing %q in:\n%s", arg, want, out)
			}
		}
	}
}

// TestExplainUnknownCode is a usage error that suggests the nearest codes.
func TestExplainUnknownCode(t *testing.T) {
	code, out, errOut := cli(t, "explain", "kernel-inuot")
	if code != 2 || out != "" || !strings.HasPrefix(errOut, `forocl: unknown diagnostic code "kernel-inuot"; did you mean "kernel-inout"`) {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	code, _, errOut = cli(t, "explain", "zzzzzzzzzzzzzzzzzzzzzzzzzz")
	if code != 2 || strings.Contains(errOut, "did you mean") || !strings.Contains(errOut, `run "forocl explain" for the list`) {
		t.Errorf("nonsense: exit %d, stderr %q", code, errOut)
	}
	if code, _, _ := cli(t, "explain", "a", "b"); code != 2 {
		t.Errorf("two codes: exit %d, want 2", code)
	}
}

// TestExplainList lists every code once, with its severity and summary.
func TestExplainList(t *testing.T) {
	code, out, errOut := cli(t, "explain")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	codes := diag.Codes()
	if len(lines) != len(codes) || len(codes) < 100 {
		t.Fatalf("%d lines for %d codes", len(lines), len(codes))
	}
	for i, c := range codes {
		f := strings.Fields(lines[i])
		if len(f) < 3 || f[0] != string(c.Code) || f[1] != c.Severity.String() || !strings.HasSuffix(lines[i], c.Summary) {
			t.Errorf("line %d = %q, want %s %s %s", i, lines[i], c.Code, c.Severity, c.Summary)
		}
	}
}
