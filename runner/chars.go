package runner

import (
	"fmt"
	"strings"

	"github.com/forocl/forocl/abi"
)

// bindChar checks --set NAME=TEXT for character parameter p (Note [host
// characters] in ir/chars.go): a value longer than a len=N parameter is
// refused, where Fortran's assignment would cut it short in silence.
func bindChar(p *abi.CharParam, s Arg) error {
	if p.Len > 0 && !p.Deferred && len(s.Value) > p.Len {
		return fmt.Errorf("%s: %q is character(len=%d), and the value has %d characters; give at most %d", s.Flag, p.Name, p.Len, len(s.Value), p.Len)
	}
	return nil
}

// looksNumeric reports whether a --set value starts as a number does, so
// that ParseFlags refuses it as a number before the kernel is read; other
// text may be a character dummy's value, which Bind sees.
func looksNumeric(v string) bool {
	return v != "" && strings.ContainsRune("0123456789+-.", rune(v[0]))
}

// charTests adds the values of k's comparisons of characters, host
// variables, to the host program's init (Note [host characters] in
// ir/chars.go).
func charTests(k *abi.Kernel, init map[string]int, chars map[string]string) error {
	if len(k.CharTests) == 0 {
		return nil
	}
	tests, err := k.CharTestVals(chars)
	if err != nil {
		return err
	}
	for v, w := range tests {
		init[v] = w
	}
	return nil
}
