package golden

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/forocl/forocl/regions"
)

// charsMain drives the generated Go harness of loop_chars' copy_tile
// (Note [host characters] in ir/chars.go): strings in, new strings out,
// and each branch of the IFs that compare characters between nests.
const charsMain = `package main

import (
	"fmt"
	"os"

	"github.com/forocl/forocl/clhost"
)

func main() {
	dev, err := clhost.Select("")
	check(err)
	c, err := clhost.NewContext(dev)
	check(err)
	defer c.Close()
	k, err := NewCopyTile(c)
	check(err)
	defer k.Close()
	for _, in := range [][3]string{{"apple", "km", "key"}, {"x", "m", "key"}, {"west", "m", "h"}} {
		src, err := c.NewArray(clhost.Float32, 3, 2)
		check(err)
		dst, err := c.NewArray(clhost.Float32, 3, 2)
		check(err)
		check(c.WriteFloat32(src.Buffer, []float32{1, 1, 1, 1, 1, 1}))
		check(c.WriteFloat32(dst.Buffer, []float32{0, 0, 0, 0, 0, 0}))
		steps, tag, name, unit, err := k.Run(0, dst, 0, 1, 3, src, 0, 1, 2, in[0], "ab", "x", "abc", in[2], in[1])
		check(err)
		out := make([]float32, 6)
		check(c.ReadFloat32(dst.Buffer, out))
		fmt.Printf("%d [%s] [%s] [%s] %g\n", steps, tag, name, unit, out[0])
		src.Close()
		dst.Close()
	}
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
`

// TestCharsHarnessRuns builds the Go harness of loop_chars' copy_tile,
// whose characters are host values: it takes strings and returns the new
// ones as Fortran assigns them (tag len=6 cut, unit len=6 padded, name
// deferred), and its IFs between nests compare characters (label < 'm'
// with source%unit /= 'm'; source%name // label == 'keyx').
func TestCharsHarnessRuns(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program")
	}
	device(t)
	u := compile(t, "../testdata/kernels/loop_chars.f90").units[regions.Direct]
	exe := harnessProgram(t, u, "chars", charsMain)
	out, err := exec.Command(exe).CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	want := "4 [applea] [key_apple] [km    ] 4\n" + // label < 'm' and source%unit /= 'm': 2 * (2*1 + 0)
		"4 [xab   ] [key_x] [m     ] 1\n" + // source%name // label == 'keyx': 2 - 1
		"4 [westab] [h_west] [m     ] 2\n" // neither
	if string(out) != want {
		t.Errorf("the harness printed\n%s\nwant\n%s", strings.TrimSpace(string(out)), want)
	}
}
