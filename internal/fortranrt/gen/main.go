// Command gen rewrites the generated specifics of the Fortran runtime
// named as its argument (fortranrt.Update), all or nothing.
package main

import (
	"fmt"
	"os"

	"github.com/forocl/forocl/internal/fortranrt"
	"github.com/forocl/forocl/internal/fsutil"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: gen fortran/forocl_cl.f90")
		os.Exit(2)
	}
	text, err := os.ReadFile(os.Args[1])
	if err == nil {
		var out string
		if out, err = fortranrt.Update(string(text)); err == nil {
			err = fsutil.WriteFile(os.Args[1], []byte(out), 0o644)
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}
