// Command forocl compiles data-parallel Fortran (the ForOpenCL subset) to
// OpenCL and runs the kernels. It only turns flags into calls of the
// driver, codegen and clhost packages and diagnostics into exit codes:
// 0 success, 1 errors in the input or at run time, 2 usage errors, 3 an
// internal error (a bug in forocl), 130 interrupted.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"

	"github.com/spf13/cobra"

	"github.com/forocl/forocl/diag"
	"github.com/forocl/forocl/driver"
)

var commands []func() *cobra.Command

// register adds a subcommand constructor; each command's file calls it
// from init. Commands are built afresh for every run, so flag values never
// leak from one in-process run to the next.
func register(newCmd func() *cobra.Command) { commands = append(commands, newCmd) }

// exitError carries an exit code through cobra.
type exitError struct {
	code int
	msg  string
}

func (e *exitError) Error() string { return e.msg }

// failed is returned by commands whose diagnostics were already printed.
var failed = &exitError{code: 1}

func usageErr(format string, args ...any) error {
	return &exitError{code: 2, msg: fmt.Sprintf(format, args...)}
}

// kernelsTaken is what forocl takes, in every command's help that reads
// Fortran (TestHelpSaysWhatForoclTakes).
const kernelsTaken = `forocl takes Fortran as it is written: any procedure that --kernel NAME names is a kernel, marked
or not. Its DO loop nests (plain DO, DO CONCURRENT, OpenMP !$omp parallel do / !$omp do and OpenACC
!$acc parallel loop / kernels nests), array syntax and WHERE, elemental and pure functions run on the
device, and so do the ForOpenCL paper's region kernels (!$OFP PURE, KERNEL with region_cpy and
region_ptr halos). What cannot keep Fortran's semantics on the device is refused at its line.`

const rootLong = `forocl compiles the data-parallel procedures of existing Fortran to OpenCL and runs them; every
output can be compared element by element with gfortran's serial run of the same source.

` + kernelsTaken + `

Start with a kernel file as it is:
  forocl check legacy.f90                      # the procedures --kernel can take, or why not
  forocl compare legacy.f90 --kernel NAME --set n=100    # device against gfortran
  forocl run legacy.f90 --kernel NAME --set n=100 --in a=a.npy --out b=b.npy

Then keep your program as it is: forocl port writes drop-in kernel files for a Fortran application,
build --fortran a Fortran host module (device arrays from a Fortran main program), and build
--go-package a Go package.`

func newRoot() *cobra.Command {
	root := &cobra.Command{
		Use:           "forocl",
		Short:         "Compile the data-parallel procedures of existing Fortran to OpenCL and run them",
		Long:          rootLong,
		Version:       versionString(debug.ReadBuildInfo()),
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		return usageErr("%v\nrun %q for usage", err, c.CommandPath()+" --help")
	})
	for _, newCmd := range commands {
		root.AddCommand(newCmd())
	}
	return root
}

// versionString is what --version prints after "forocl version": the
// compiler version that generated files carry, then the module version and
// the VCS commit the binary was built from, as far as the build recorded
// them (go build -buildvcs=false or go run leave the commit out).
func versionString(info *debug.BuildInfo, ok bool) string {
	module, commit, modified := "unknown", "", false
	if ok && info != nil {
		if v := info.Main.Version; v != "" {
			module = v
		}
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				commit = s.Value
			case "vcs.modified":
				modified = s.Value == "true"
			}
		}
	}
	out := fmt.Sprintf("%s (module %s", driver.Version, module)
	switch {
	case commit == "":
		out += ", commit unknown"
	case modified:
		out += ", commit " + commit + ", modified"
	default:
		out += ", commit " + commit
	}
	return out + ")"
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// exitInternal is the exit code of a bug in forocl: never 2, which says
// the command line was wrong.
const exitInternal = 3

// run executes the CLI with args and returns the exit code. A panic (an
// internal error) is reported with its stack and exit code 3.
func run(args []string, stdout, stderr io.Writer) (code int) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "forocl: internal error: %v\nplease report this with the command line and inputs\n%s", r, debug.Stack())
			code = exitInternal
		}
	}()
	root := newRoot()
	root.SetArgs(gnuFlags(args))
	root.SetOut(stdout)
	root.SetErr(stderr)
	err := root.Execute()
	if err == nil {
		return 0
	}
	var ee *exitError
	if errors.As(err, &ee) {
		if ee.msg != "" {
			fmt.Fprintf(stderr, "forocl: %s\n", ee.msg)
		}
		return ee.code
	}
	fmt.Fprintf(stderr, "forocl: %v\n", err)
	// What reaches here unwrapped is cobra's own: an unknown command.
	if strings.HasPrefix(err.Error(), "unknown command") {
		return 2
	}
	return 1
}

// atLeast is cobra.MinimumNArgs whose error is a usage error (exit 2).
func atLeast(n int) cobra.PositionalArgs {
	return func(c *cobra.Command, args []string) error {
		if err := cobra.MinimumNArgs(n)(c, args); err != nil {
			return usageErr("%v\nrun %q for usage", err, c.CommandPath()+" --help")
		}
		return nil
	}
}

// frontFlags are the flags every command that reads Fortran takes.
type frontFlags struct {
	include []string
	werror  bool
	src     sourceFlags
	// requireKernels makes files without kernels an error (build, run).
	requireKernels bool
	kernels        []string // subroutines to compile as kernels without a directive
	autoReduce     bool
}

func (f *frontFlags) add(c *cobra.Command) {
	c.Flags().StringArrayVarP(&f.include, "include", "I", nil, "search `DIR` for modules the files use and #include files")
	c.Flags().BoolVar(&f.werror, "werror", false, "treat warnings as errors")
	c.Flags().BoolVar(&f.autoReduce, "auto-reduce", false, "run the reductions of DO loops with no directive (s = s + a(i)*b(i), max, min, *, .and., .or. into one scalar) as parallel reductions, as if reduction(op:s) named them (faster; the last bits of a real result may then differ from the serial run)")
	c.ValidArgsFunction = fortranFiles
	f.src.add(c)
}

// addKernels adds --kernel NAME (repeatable) to a command that compiles
// every kernel of its files (forocl run has its own --kernel).
func (f *frontFlags) addKernels(c *cobra.Command) {
	c.Flags().StringArrayVarP(&f.kernels, "kernel", "k", nil, "also compile subroutine `NAME` as a kernel, as if \"!$OFP PURE, KERNEL :: NAME\" named it (repeatable)")
	c.RegisterFlagCompletionFunc("kernel", completeCandidates)
}

// compile runs the front end and, when opts is not nil, the schedule, and
// prints their diagnostics to stderr. It returns nil and failed when there
// were errors (or warnings under --werror).
func (f *frontFlags) compile(c *cobra.Command, paths []string, opts *genOpts) (*driver.Result, error) {
	o, err := f.src.options(f.include)
	if err != nil {
		return nil, err
	}
	o.RequireKernels = f.requireKernels
	o.Kernels = f.kernels
	o.AutoReduce = f.autoReduce
	res := driver.Front(paths, o)
	diag.Render(c.ErrOrStderr(), res.Diags, res.Sources, 0)
	if res.Diags.HasErrors() || (f.werror && res.Diags.Count(diag.Warning) > 0) || res.Program == nil {
		return nil, failed
	}
	if opts != nil {
		if err := f.schedule(c, res, opts); err != nil {
			return nil, err
		}
	}
	return res, nil
}

// schedule runs the schedule step and prints its diagnostics.
func (f *frontFlags) schedule(c *cobra.Command, res *driver.Result, opts *genOpts) error {
	diags := res.Schedule(opts.target, opts.sched)
	diag.Render(c.ErrOrStderr(), diags, res.Sources, 0)
	if diags.HasErrors() || (f.werror && diags.Count(diag.Warning) > 0) {
		return failed
	}
	return nil
}
