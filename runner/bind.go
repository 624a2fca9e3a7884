package runner

import (
	"errors"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/internal/fsutil"
	"github.com/forocl/forocl/npy"
)

// Flags are forocl run's binding flags as given: NAME=VALUE strings for
// --set, --in and --out, and the --grid shape ("" when not given).
type Flags struct {
	Sets, Ins, Outs []string
	Grid            string
}

// UsageError is an error in the flags themselves, found without reading
// the kernel or any file (forocl exits 2 for it).
type UsageError struct{ Msg string }

func (e *UsageError) Error() string { return e.Msg }

func usagef(format string, args ...any) error {
	return &UsageError{Msg: fmt.Sprintf(format, args...)}
}

// Arg is one NAME=VALUE flag.
type Arg struct {
	Flag  string // the flag as given, for messages: "--in H=H.npy"
	Orig  string // the name as given
	Name  string // lower-case
	Value string
}

// Parsed is Flags checked on their own: syntax, numbers, names given
// twice, the grid shape and the output files (see CheckOutputs).
type Parsed struct {
	Sets, Ins, Outs []Arg
	Values          map[string]float64 // --set values by lower-case name
	Grid            []int              // nil without --grid
}

// ParseFlags checks f without the kernel: a malformed flag, a value that
// is not a number, a name given twice, a bad grid or two outputs that are
// one file are *UsageErrors; an output that cannot be written is another
// error. See Note [binding].
func ParseFlags(f Flags) (*Parsed, error) {
	p := &Parsed{Values: map[string]float64{}}
	var err error
	if p.Sets, err = parseArgs("set", f.Sets); err != nil {
		return nil, err
	}
	for _, s := range p.Sets {
		l, err := ParseLiteral(s.Value)
		switch {
		case err != nil && looksNumeric(s.Value):
			return nil, usagef("%s: %v", s.Flag, err)
		case err != nil:
			continue // text, for a character dummy; Bind refuses it for any other
		}
		p.Values[s.Name] = l.Value
	}
	if p.Ins, err = parseArgs("in", f.Ins); err != nil {
		return nil, err
	}
	if p.Outs, err = parseArgs("out", f.Outs); err != nil {
		return nil, err
	}
	if f.Grid != "" {
		if p.Grid, err = ParseGrid(f.Grid); err != nil {
			return nil, err
		}
	}
	if err := CheckOutputs(p.Outs); err != nil {
		return nil, err
	}
	return p, nil
}

// Note [binding]
//
// forocl run binds flags to a kernel's dummies in two steps. ParseFlags
// checks what needs neither the kernel nor the input files, so that a typo
// costs no compilation: the NAME=VALUE syntax, numbers, duplicates, the
// grid, and the output files (fsutil.CheckTarget: folders, devices, pipes
// and read-only files are refused; two outputs that are one file, through
// a link or a symlinked folder, are a usage error). Bind then matches the
// names with the kernel's dummies, reads the inputs, converts them to the
// declared kinds without losing values (ConvertTo), checks that the host
// has the memory for the arrays it must make, and only then makes them.

// parseArgs parses repeated NAME=VALUE flags; a missing "=", an empty name
// or value, or a name given twice is a usage error.
func parseArgs(flag string, vals []string) ([]Arg, error) {
	var out []Arg
	seen := map[string]bool{}
	for _, v := range vals {
		name, value, ok := strings.Cut(v, "=")
		name = strings.TrimSpace(name)
		if !ok || name == "" || value == "" {
			return nil, usagef("--%s %s: want NAME=%s", flag, v, map[string]string{"set": "VALUE", "in": "FILE.npy", "out": "FILE.npy"}[flag])
		}
		lower := strings.ToLower(name)
		if seen[lower] {
			return nil, usagef("--%s %s: %q is given twice", flag, v, name)
		}
		seen[lower] = true
		out = append(out, Arg{Flag: "--" + flag + " " + v, Orig: name, Name: lower, Value: value})
	}
	return out, nil
}

// ParseScalar reads a --set value: a logical or a number (see
// ParseLiteral).
func ParseScalar(s string) (float64, bool) {
	l, err := ParseLiteral(s)
	return l.Value, err == nil
}

// Literal is a --set value as written, read as Fortran's list-directed
// READ reads one (Note [--set values]).
type Literal struct {
	Text    string  // trimmed, as given
	Logical bool    // .true., .false., t, f, true or false
	Integer bool    // digits with an optional sign: 12, -3, 5_8
	Int     int64   // its value, for an Integer
	Value   float64 // the value (1 or 0 for a logical; rounded to nearest for a real)
}

// Note [--set values]
//
// A --set value is read as Fortran's list-directed READ reads one into
// the dummy's type, with the kind suffixes of Fortran literals (_4, _8)
// and the exponent letter d allowed: blanks around it are skipped; an
// integer dummy takes digits with an optional sign only (1e3, 2.0, 0x10
// and true are refused, as READ refuses them); a real dummy takes any
// number, rounded to nearest when it is written as a real (0.1), but an
// integer literal must be exact in the kind (16777217 is not a real(4));
// a logical takes .true., .false., t, f, true or false, never a number.
// Values are carried as float64 (Job.Scalars), so an integer(8) value
// beyond 2^53 that a float64 cannot hold exactly is refused.

var (
	intLiteral  = regexp.MustCompile(`^[+-]?[0-9]+$`)
	realLiteral = regexp.MustCompile(`^[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eEdD][+-]?[0-9]+)?$`)
	special     = regexp.MustCompile(`^(?i)[+-]?(inf|infinity|nan)$`)
)

// ParseLiteral reads a --set value (Note [--set values]); what is neither
// a logical nor a number is an error saying why.
func ParseLiteral(s string) (Literal, error) {
	t := strings.TrimSpace(s)
	l := Literal{Text: t}
	switch strings.ToLower(t) {
	case "true", ".true.", "t":
		l.Logical, l.Value = true, 1
		return l, nil
	case "false", ".false.", "f":
		l.Logical = true
		return l, nil
	}
	num := t
	if i := strings.IndexByte(t, '_'); i > 0 {
		if kind := t[i+1:]; kind != "4" && kind != "8" {
			return l, fmt.Errorf("%q has the kind suffix _%s; give the number alone, or with _4 or _8", t, kind)
		}
		num = t[:i]
	}
	switch {
	case intLiteral.MatchString(num):
		v, err := strconv.ParseInt(num, 10, 64)
		if err != nil {
			return l, fmt.Errorf("%s is outside the range of integer(8) (%d to %d)", num, math.MinInt64, math.MaxInt64)
		}
		l.Integer, l.Int, l.Value = true, v, float64(v)
		return l, nil
	case realLiteral.MatchString(num), special.MatchString(num) && num == t:
		v, err := strconv.ParseFloat(strings.NewReplacer("d", "e", "D", "e").Replace(num), 64)
		if err != nil && !math.IsInf(v, 0) {
			return l, fmt.Errorf("%q is not a number", t)
		}
		if math.IsInf(v, 0) && !special.MatchString(num) {
			return l, fmt.Errorf("%s is beyond the range of real(8) (largest %g)", num, math.MaxFloat64)
		}
		l.Value = v
		return l, nil
	}
	return l, fmt.Errorf("%q is not a number", t)
}

// scalarValue is literal l given for a scalar of kind k, or an error
// saying why the dummy cannot take it (Note [--set values]).
func scalarValue(l Literal, k abi.Kind) (float64, error) {
	switch k {
	case abi.Logical:
		if !l.Logical {
			return 0, errors.New("is a logical; give .true. or .false.")
		}
		return l.Value, nil
	case abi.Int, abi.Int64:
		if !l.Integer {
			what := "written without a decimal point or exponent"
			if l.Logical {
				what = "not a logical"
			}
			return 0, fmt.Errorf("is an integer; give a whole number, %s", what)
		}
		if k == abi.Int && (l.Int < math.MinInt32 || l.Int > math.MaxInt32) {
			return 0, &ConvertError{Value: l.Value, Text: l.Text, Kind: k, Reason: fmt.Sprintf("is outside the range of integer (%d to %d)", math.MinInt32, math.MaxInt32), Count: 1}
		}
		if !exactInt(l.Int, 53) {
			return 0, &ConvertError{Value: l.Value, Text: l.Text, Kind: k, Reason: "is beyond 2^53, where --set cannot pass an integer(8) exactly", Count: 1, Inexact: true}
		}
		return l.Value, nil
	}
	if l.Logical {
		return 0, fmt.Errorf("is a real; give a number, not a logical")
	}
	if l.Integer {
		if r := inexact(l.Int, k); r != "" {
			return 0, &ConvertError{Value: l.Value, Text: l.Text, Kind: k, Reason: r, Count: 1, Inexact: true}
		}
	}
	if err := CheckScalar(l.Value, k); err != nil {
		return 0, err
	}
	return l.Value, nil
}

// maxGridElements bounds --grid; host memory is checked later (Bind).
const maxGridElements = 1 << 34

// ParseGrid parses --grid: 1 to 3 extents separated by "x", each at least 1.
func ParseGrid(s string) ([]int, error) {
	if strings.ContainsAny(s, ", ") {
		return nil, usagef("--grid %s: separate the extents with \"x\": --grid %s", s, strings.Join(strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' }), "x"))
	}
	parts := strings.Split(strings.ToLower(s), "x")
	if len(parts) > 3 {
		return nil, usagef("--grid %s: at most 3 dimensions", s)
	}
	shape := make([]int, len(parts))
	total := int64(1)
	for i, p := range parts {
		n, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil || n < 1 || n > maxGridElements {
			return nil, usagef("--grid %s: %q is not an extent of at least 1", s, p)
		}
		shape[i] = n
		total *= int64(n)
		if total > maxGridElements {
			return nil, usagef("--grid %s: too many elements", s)
		}
	}
	return shape, nil
}

// CheckOutputs makes sure every --out file can be written before anything
// runs (fsutil.CheckTarget) and that no two outputs are one file (a usage
// error).
func CheckOutputs(outs []Arg) error {
	paths := make([]string, len(outs))
	for i, o := range outs {
		paths[i] = o.Value
	}
	if i, j, ok := fsutil.Alias(paths); ok {
		return usagef("%s: %s is also the output of %q", outs[j].Flag, outs[j].Value, outs[i].Orig)
	}
	for _, o := range outs {
		if err := fsutil.CheckTarget(o.Value); err != nil {
			var te *fsutil.TargetError
			if errors.As(err, &te) {
				return fmt.Errorf("%s: %s", o.Flag, te.Reason)
			}
			return fmt.Errorf("%s: %v", o.Flag, err)
		}
	}
	return nil
}

// Output is one --out file bound to an intent(out) dummy.
type Output struct {
	Name  string // lower-case dummy name
	Dummy string // the dummy's declared name
	Path  string
}

// Bound is what Bind made of the flags for one kernel: the inputs of a
// Job and the files to write.
type Bound struct {
	Scalars map[string]float64    // every --set, by lower-case name
	Arrays  map[string]*npy.Array // --in arrays (converted) and --grid fills
	Outputs []Output
	// Chars are the values of the character dummies and components, by
	// their ABI names (Note [host characters] in ir/chars.go).
	Chars map[string]string
	Notes []string // conversions done, for the user
	// Warnings are flags that had no effect (a --grid when every input
	// was given), for the user.
	Warnings []string
}

// Bind matches p with kernel k's dummies, reads the --in files with read
// (npy.Read when nil), converts them to the declared kinds without loss,
// and fills the inputs not given on the --grid, after checking that the
// host has the memory for them. Its errors name the flag at fault.
func Bind(k *abi.Kernel, p *Parsed, read func(string) (*npy.Array, error)) (*Bound, error) {
	if read == nil {
		read = npy.Read
	}
	scalars, arrays := map[string]*abi.Param{}, map[string]*abi.Param{}
	for _, v := range k.Arrays() {
		arrays[strings.ToLower(v.Name)] = v
	}
	for _, v := range k.Scalars() {
		scalars[strings.ToLower(v.Name)] = v
	}
	scalarNames, arrayNames, outputNames := abi.Names(k.Scalars()), abi.Names(k.Arrays()), abi.Names(k.Outputs())
	b := &Bound{Scalars: map[string]float64{}, Arrays: map[string]*npy.Array{}, Chars: map[string]string{}}
	for _, s := range p.Sets {
		if cp := k.CharParam(s.Name); cp != nil {
			if err := bindChar(cp, s); err != nil {
				return nil, err
			}
			b.Chars[cp.Name] = s.Value
			continue
		}
		v := scalars[s.Name]
		if v == nil {
			if a := arrays[s.Name]; a != nil {
				return nil, fmt.Errorf("%s: %q is an array dummy of kernel %q; give it with --in %s=FILE.npy", s.Flag, a.Name, k.Name, a.Name)
			}
			if len(scalarNames) == 0 {
				return nil, fmt.Errorf("%s: kernel %q has no scalar dummies", s.Flag, k.Name)
			}
			return nil, fmt.Errorf("%s: kernel %q has no scalar dummy %q; its scalars: %s", s.Flag, k.Name, s.Orig, nameList(scalarNames))
		}
		l, err := ParseLiteral(s.Value)
		if err != nil {
			return nil, usagef("%s: %v", s.Flag, err)
		}
		x, err := scalarValue(l, v.Kind)
		var ce *ConvertError
		switch {
		case errors.As(err, &ce):
			hint := "give a value in range"
			switch {
			case ce.Inexact && v.Kind == abi.Real4:
				hint = fmt.Sprintf("give a value real(4) holds exactly, or declare %q real(8)", v.Name)
			case ce.Inexact:
				hint = "give a value the kind holds exactly"
			case v.Kind == abi.Real4:
				hint = fmt.Sprintf("give a value in range, or declare %q real(8)", v.Name)
			}
			return nil, fmt.Errorf("%s: %v, the kind of scalar %q; %s", s.Flag, err, v.Name, hint)
		case err != nil:
			return nil, fmt.Errorf("%s: scalar %q %v", s.Flag, v.Name, err)
		}
		b.Scalars[s.Name] = x
	}
	defaultLowerBounds(k, b.Scalars)
	arrayDummy := func(a Arg) (*abi.Param, error) {
		v := arrays[a.Name]
		if v == nil {
			if s := scalars[a.Name]; s != nil {
				return nil, fmt.Errorf("%s: %q is a scalar dummy of kernel %q; give it with --set %s=VALUE", a.Flag, s.Name, k.Name, s.Name)
			}
			return nil, fmt.Errorf("%s: kernel %q has no array dummy %q; its arrays: %s", a.Flag, k.Name, a.Orig, nameList(arrayNames))
		}
		return v, nil
	}
	for _, o := range p.Outs {
		v := k.Param(o.Name)
		if v == nil || !v.Result() {
			var err error
			if v, err = arrayDummy(o); err != nil {
				return nil, err
			}
		}
		if !v.Output() {
			return nil, fmt.Errorf("%s: array %q is intent(in); only outputs can be saved (outputs of %q: %s)", o.Flag, v.Name, k.Name, nameList(outputNames))
		}
		b.Outputs = append(b.Outputs, Output{Name: o.Name, Dummy: v.Name, Path: o.Value})
	}
	for _, in := range p.Ins {
		v, err := arrayDummy(in)
		if err != nil {
			return nil, err
		}
		a, err := read(in.Value)
		if err != nil {
			return nil, err
		}
		if a, err = b.convertInput(k, v, in, a); err != nil {
			return nil, err
		}
		b.Arrays[in.Name] = a
	}
	if p.Grid != nil {
		if err := b.fillGrid(k, p.Grid); err != nil {
			return nil, err
		}
	}
	return b, nil
}

// convertInput converts the array a of --in in to the kind of dummy v,
// noting the conversion in b; a of that kind already is returned as is.
func (b *Bound) convertInput(k *abi.Kernel, v *abi.Param, in Arg, a *npy.Array) (*npy.Array, error) {
	want := KindDType(v.Kind)
	if a.DType == want {
		return a, nil
	}
	if err := checkHostMemory(shapeBytes(a.Shape, want), in.Flag+" (converted to "+want.String()+")", "convert the file to "+want.String()+" first"); err != nil {
		return nil, err
	}
	c, err := ConvertTo(a, v.Kind)
	if err != nil {
		hint := "give values in range"
		var ce *ConvertError
		if errors.As(err, &ce) {
			ce.Name = v.Name
			if !lowerBounds(ce.Index, v, b.Scalars, k) {
				hint = "indices count from 1 in each dimension; " + hint
			}
		}
		switch {
		case ce != nil && ce.Inexact && v.Kind == abi.Real4:
			hint = strings.Replace(hint, "give values in range", fmt.Sprintf("give values real(4) holds exactly, or declare %q real(8)", v.Name), 1)
		case ce != nil && ce.Inexact:
			hint = strings.Replace(hint, "give values in range", "give values the kind holds exactly", 1)
		case v.Kind == abi.Real4:
			hint = strings.Replace(hint, "give values in range", fmt.Sprintf("give values in range, or declare %q real(8)", v.Name), 1)
		}
		return nil, fmt.Errorf("%s: %s is %v and %v dummy %q cannot hold all its values: %v; %s", in.Flag, in.Value, a.DType, v.Kind, v.Name, err, hint)
	}
	b.Notes = append(b.Notes, fmt.Sprintf("%s is %v; converted to %v for %v dummy %q", in.Value, a.DType, want, v.Kind, v.Name))
	return c, nil
}

// lowerBounds turns ix, indices counted from 1, into indices from v's
// declared lower bounds, using the sizes given with --set (scalars); it
// reports false, leaving ix, when a bound is not known yet.
func lowerBounds(ix []int, v *abi.Param, scalars map[string]float64, k *abi.Kernel) bool {
	if v.Lower == nil || len(v.Lower) != len(ix) {
		return true
	}
	sizes := map[string]int{}
	for _, s := range k.Sizes {
		if x, ok := scalars[strings.ToLower(s.Name)]; ok {
			sizes[s.Name] = int(x)
		}
	}
	lo := make([]int, len(ix))
	for d, e := range v.Lower {
		l, err := e.Eval(sizes)
		if err != nil {
			return false
		}
		lo[d] = l
	}
	for d := range ix {
		ix[d] += lo[d] - 1
	}
	return true
}

// fillGrid makes the inputs not given on a grid of the given shape, once
// the host has the memory for them and for every array the run makes
// afterwards (Note [host memory]).
func (b *Bound) fillGrid(k *abi.Kernel, shape []int) error {
	grid := dimString(shape)
	if len(shape) != k.Rank && !k.AnyRank() {
		return fmt.Errorf("--grid %s is %d-D but kernel %q takes %d-D arrays", grid, len(shape), k.Name, k.Rank)
	}
	// An array whose declared extents follow from the sizes
	// given with --set takes that shape (staggered grids: x_max+2 and
	// x_max+3 side by side), the others the grid's.
	sizes := map[string]int{}
	for _, s := range k.Sizes {
		if x, ok := b.Scalars[strings.ToLower(s.Name)]; ok {
			sizes[s.Name] = int(x)
		}
	}
	givenSizes(k, sizes, b.Arrays)
	if err := checkStaggeredGrid(k, shape, sizes, b.Arrays); err != nil {
		return err
	}
	b.gridOutputs(k, shape)
	// The shapes of the inputs to fill, before anything is made.
	fills := map[string][]int{}
	inputs := 0
	for _, v := range k.Params {
		name := strings.ToLower(v.Name)
		// Inout arrays are read too: they get values.
		if v.Array && v.Intent != abi.Out {
			inputs++
			if b.Arrays[name] == nil {
				at := shape
				ext, err := v.Extents(sizes)
				switch {
				case v.Sequence && (err != nil || abi.Elements(shape) == ext[0]):
					// Any rank (sequence association): the grid's shape.
				case err == nil && (positive(ext) || len(ext) != len(shape)):
					// Any rank: 1-D coefficient arrays beside 2-D fields.
					at = ext
				case len(v.Shape) != len(shape):
					return fmt.Errorf("--grid %s is %d-D but array %q of kernel %q is %d-D, and its extents (%s) need a size not given (%v): give it with --set, or give the array with --in %s=FILE.npy",
						grid, len(shape), v.Name, k.Name, len(v.Shape), affineList(v.Shape), err, name)
				}
				fills[name] = at
			}
		}
	}
	if err := b.checkGridMemory(k, shape, fills); err != nil {
		return err
	}
	for name, at := range fills {
		b.Arrays[name] = GridFill(k, name, at)
	}
	if inputs > 0 && len(fills) == 0 {
		b.Warnings = append(b.Warnings, fmt.Sprintf("--grid %s is ignored: every input array was given with --in, and the kernel runs on their shape; drop --grid", grid))
	}
	return nil
}

// GridFill is the array --grid fills the array dummy name of k with at
// shape: Random in the dummy's kind, seeded with the dummy's position among
// k's dummies, counted from 1; nil when k has no array dummy name.
// scripts/bench/clbench gives its hand-written kernels these inputs.
func GridFill(k *abi.Kernel, name string, shape []int) *npy.Array {
	for i, v := range k.Params {
		if v.Array && strings.EqualFold(v.Name, name) {
			return Random(KindDType(v.Kind), shape, int64(i+1))
		}
	}
	return nil
}

// checkGridMemory checks that the host has the memory for the inputs to
// fill (fills, by lower-case name) and for every array the run makes
// afterwards (planShapes, with the fills standing for arrays not yet made). When
// the run cannot be planned yet (an error Prepare reports later), the
// outputs are counted at the grid's shape.
func (b *Bound) checkGridMemory(k *abi.Kernel, shape []int, fills map[string][]int) error {
	var need int64
	for _, v := range k.Arrays() {
		if at, ok := fills[strings.ToLower(v.Name)]; ok {
			need = addSat(need, shapeBytes(at, KindDType(v.Kind)))
		}
	}
	j := &Job{Kernel: k, Scalars: map[string]float64{}, Arrays: map[string]*npy.Array{}}
	for n, x := range b.Scalars {
		j.Scalars[n] = x
	}
	for n, a := range b.Arrays {
		j.Arrays[n] = a
	}
	for _, v := range k.Arrays() {
		name := strings.ToLower(v.Name)
		if at, ok := fills[name]; ok {
			j.Arrays[name] = &npy.Array{DType: KindDType(v.Kind), Shape: at} // no data: plan reads shapes only
		}
	}
	if pl, err := planShapes(j); err == nil {
		need = addSat(need, pl.hostBytes(j))
	} else {
		for _, v := range k.Arrays() {
			if v.Output() {
				need = addSat(need, mulSat(2, shapeBytes(shape, KindDType(v.Kind)))) // the zeros sent to the device and the results read back
			}
		}
	}
	return checkHostMemory(need, "--grid "+dimString(shape), "use a smaller grid")
}

// gridOutputs gives an output array the grid's shape
// where its extents are sizes of its own (assumed shape) that no input's
// shape and no --set gives: the host cannot know them otherwise.
func (b *Bound) gridOutputs(k *abi.Kernel, shape []int) {
	fromInputs := map[string]bool{}
	for _, p := range k.Params {
		fromInputs[p.Name] = true // a scalar dummy is given with --set
	}
	for _, v := range k.Arrays() {
		if !v.Output() || v.Intent == abi.InOut {
			for _, e := range v.Shape {
				for _, t := range e.Terms {
					fromInputs[t.Size] = true
				}
			}
		}
	}
	for _, v := range k.Arrays() {
		if !v.Output() || len(v.Shape) != len(shape) {
			continue
		}
		for d, e := range v.Shape {
			if len(e.Terms) != 1 || e.Terms[0].Coef != 1 || e.Const != 0 || fromInputs[e.Terms[0].Size] {
				continue
			}
			if _, set := b.Scalars[strings.ToLower(e.Terms[0].Size)]; !set {
				b.Scalars[strings.ToLower(e.Terms[0].Size)] = float64(shape[d])
			}
		}
	}
}

func affineList(s []abi.Affine) string {
	p := make([]string, len(s))
	for i, e := range s {
		p[i] = e.String()
	}
	return strings.Join(p, ", ")
}

func positive(s []int) bool {
	for _, n := range s {
		if n < 1 {
			return false
		}
	}
	return true
}

func dimString(s []int) string {
	p := make([]string, len(s))
	for i, n := range s {
		p[i] = strconv.Itoa(n)
	}
	return strings.Join(p, "x")
}

func nameList(names []string) string {
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ", ")
}
