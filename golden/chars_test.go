package golden

import (
	"maps"
	"math/rand"
	"strings"
	"testing"

	"github.com/forocl/forocl/abi"
)

// charInputs draws the values of k's character parameters (Note [host
// characters] in ir/chars.go): words of 1 to 12 letters, of at most N
// for a len=N parameter (0 included), as forocl run takes them; an
// intent(out) one that is not len=* is not given.
func charInputs(rng *rand.Rand, k *abi.Kernel) map[string]string {
	in := map[string]string{}
	for _, c := range k.Chars {
		if c.Intent == abi.Out && (c.Len > 0 || c.Deferred) {
			continue
		}
		n := 1 + rng.Intn(12)
		if c.Len > 0 && !c.Deferred {
			n = rng.Intn(c.Len + 1)
		}
		var b strings.Builder
		for range n {
			b.WriteByte(byte('a' + rng.Intn(26)))
		}
		in[c.Name] = b.String()
	}
	return in
}

// compareChars checks the character outputs of a run (got) against
// gfortran's serial run's (want), values and lengths.
func compareChars(t *testing.T, what string, k *abi.Kernel, want, got map[string]string) {
	t.Helper()
	if len(k.CharOutputs()) > 0 && len(want) == 0 {
		t.Errorf("%s: gfortran gave no character output; the test would not catch a host that returns none", what)
	}
	if !maps.Equal(want, got) {
		t.Errorf("%s: character outputs %q, gfortran's %q", what, got, want)
	}
}
