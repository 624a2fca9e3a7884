package oracle

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/forocl/forocl/ast"
)

// Note [programs in the serial build]
// ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
// The serial build links the files with a driver program of its own, so a
// file that holds a main program (program main ... end program, as
// benchmark codes keep the kernel and its caller in one file) cannot be
// compiled as it is: two main programs. ProgramsAsModules writes a copy
// of such a file in which the program is gone, line for line (blank lines
// where it was, so gfortran's messages keep their line numbers; the
// preprocessor's # lines stay, so its conditionals stay balanced):
//
//   - when the kernel is contained in the program (Note [contained in a
//     program] in package sema), the program becomes a module of the
//     same name: its program statement becomes "module NAME", its
//     executable statements become blank lines, and its end statement
//     "end module NAME"; the driver uses the module, as the ABI says;
//   - otherwise the whole program becomes blank lines.
//
// INCLUDE lines of the copy find their files through the original file's
// folder, which compare passes to gfortran with -I.

// ProgramsAsModules returns sources with each file of files that holds a
// main program replaced by a copy in dir without it (Note [programs in the
// serial build]); module is the kernel's host, a program's name when the
// kernel is contained in one.
func ProgramsAsModules(files []*ast.File, sources []string, dir, module string) ([]string, error) {
	progs := map[string]*ast.Program{}
	for _, f := range files {
		for _, u := range f.Units {
			if p, ok := u.(*ast.Program); ok {
				progs[f.Name] = p
			}
		}
	}
	out := append([]string(nil), sources...)
	for i, src := range sources {
		p := progs[src]
		if p == nil {
			continue
		}
		text, err := os.ReadFile(src)
		if err != nil {
			return nil, err
		}
		lines := strings.Split(string(text), "\n")
		if module != "" && strings.EqualFold(module, p.Name.Name) && p.Pos.Start.Line > 0 {
			programAsModule(lines, p)
		} else {
			blank(lines, p.Pos.Start.Line, p.End.End.Line)
		}
		path := filepath.Join(dir, "program"+string(rune('a'+i%26))+"_"+filepath.Base(src))
		if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
			return nil, err
		}
		out[i] = path
	}
	return out, nil
}

var containsLine = regexp.MustCompile(`(?i)^\s*contains\s*(!.*)?$`)

// programAsModule turns the lines of program p into those of a module of
// its name.
func programAsModule(lines []string, p *ast.Program) {
	name := p.Name.Orig
	lines[p.Pos.Start.Line-1] = "      module " + name
	if len(p.Body) > 0 && len(p.Contains) > 0 {
		last := p.Contains[0].Pos.Start.Line - 1
		for last > 0 && !containsLine.MatchString(lines[last-1]) {
			last--
		}
		blank(lines, p.Body[0].Span().Start.Line, last-1)
	}
	if n := p.End.Start.Line; n > 0 {
		lines[n-1] = "      end module " + name
	}
}

// blank empties lines from to to (1-based, inclusive), but for the
// preprocessor's.
func blank(lines []string, from, to int) {
	for n := from; n <= to && n <= len(lines); n++ {
		if n > 0 && !strings.HasPrefix(strings.TrimSpace(lines[n-1]), "#") {
			lines[n-1] = ""
		}
	}
}

// ModuleOrder returns sources (the files of files, in any order) sorted
// so that a file defining a module comes before the files that use it, as
// gfortran needs; otherwise the order stays. Files not in files (the
// library's, found in the -I folders) keep their place ahead.
func ModuleOrder(files []*ast.File, sources []string) []string {
	defines, uses := map[string][]string{}, map[string][]string{}
	for _, f := range files {
		for _, u := range f.Units {
			if m, ok := u.(*ast.Module); ok {
				defines[f.Name] = append(defines[f.Name], m.Name.Name)
			}
		}
		uses[f.Name] = f.UsedModules()
	}
	definedBy := map[string]string{}
	for _, src := range sources {
		for _, m := range defines[src] {
			definedBy[m] = src
		}
	}
	var out []string
	done := map[string]bool{}
	ready := func(src string) bool {
		for _, m := range uses[src] {
			if d, ok := definedBy[m]; ok && d != src && !done[d] {
				return false
			}
		}
		return true
	}
	for len(out) < len(sources) {
		pick := ""
		for _, src := range sources {
			if !done[src] && ready(src) {
				pick = src
				break
			}
		}
		if pick == "" { // a cycle: gfortran will say so
			for _, src := range sources {
				if !done[src] {
					pick = src
					break
				}
			}
		}
		done[pick] = true
		out = append(out, pick)
	}
	return out
}
