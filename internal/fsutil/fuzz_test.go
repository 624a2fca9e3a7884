package fsutil

import (
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// snapshot maps every entry under dir to its contents, link target or
// "dir".
func snapshot(t *testing.T, dir string) map[string]string {
	out := map[string]string{}
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || p == dir {
			return nil
		}
		rel, _ := filepath.Rel(dir, p)
		switch {
		case d.Type()&os.ModeSymlink != 0:
			to, _ := os.Readlink(p)
			out[rel] = "link:" + to
		case d.IsDir():
			out[rel] = "dir"
		default:
			b, _ := os.ReadFile(p)
			st, _ := os.Stat(p)
			out[rel] = st.Mode().Perm().String() + ":" + string(b)
		}
		return nil
	})
	return out
}

// FuzzWriteFiles: for any set of outputs over a folder of files, links,
// folders and read-only files, WriteFiles either writes every output
// (through links, modes kept) or leaves the folder exactly as it was, and
// never leaves a temporary file.
func FuzzWriteFiles(f *testing.F) {
	f.Add("a\nb", "a=old\nl>a")
	f.Add("a\nl", "a=old\nl>a")
	f.Add("d/x\nx", "d/\nx=1")
	f.Add("a\nro", "ro!=keep")
	f.Add("a\nsub/b", "a=1")
	f.Add("l\nm", "l>t\nm>t")
	f.Fuzz(func(t *testing.T, outs, setup string) {
		dir := t.TempDir()
		clean := func(s string) string {
			s = filepath.Clean("/" + s)[1:]
			if s == "" || strings.Count(s, "/") > 1 || len(s) > 40 {
				return ""
			}
			return s
		}
		for _, line := range strings.Split(setup, "\n") {
			switch {
			case strings.HasSuffix(line, "/"):
				if p := clean(line); p != "" {
					os.MkdirAll(filepath.Join(dir, p), 0o755)
				}
			case strings.Contains(line, ">"):
				from, to, _ := strings.Cut(line, ">")
				if p, q := clean(from), clean(to); p != "" && q != "" {
					os.Symlink(q, filepath.Join(dir, p))
				}
			case strings.Contains(line, "="):
				name, data, _ := strings.Cut(line, "=")
				mode := os.FileMode(0o640)
				if strings.HasSuffix(name, "!") {
					name, mode = strings.TrimSuffix(name, "!"), 0o444
				}
				if p := clean(name); p != "" {
					os.WriteFile(filepath.Join(dir, p), []byte(data), mode)
				}
			}
		}
		var files []File
		want := map[string]string{}
		for i, o := range strings.Split(outs, "\n") {
			p := clean(o)
			if p == "" || i >= 6 {
				continue
			}
			content := "new " + p
			files = append(files, File{Path: filepath.Join(dir, p), Write: func(w io.Writer) error {
				_, err := io.WriteString(w, content)
				return err
			}})
			want[filepath.Join(dir, p)] = content
		}
		before := snapshot(t, dir)
		err := WriteFiles(files, Options{})
		after := snapshot(t, dir)
		for name := range after {
			if strings.HasSuffix(name, ".tmp") || strings.HasSuffix(name, ".old") {
				t.Fatalf("left %s behind (err %v)", name, err)
			}
		}
		if err != nil {
			if !equalMaps(before, after) {
				t.Fatalf("failed write (%v) changed the folder:\nbefore %v\nafter  %v", err, before, after)
			}
			return
		}
		for p, content := range want {
			b, rerr := os.ReadFile(p)
			if rerr != nil || string(b) != content {
				t.Fatalf("%s = %q, %v; want %q", p, b, rerr, content)
			}
		}
		// Links stay links; modes of replaced files stay.
		for name, v := range before {
			if strings.HasPrefix(v, "link:") && after[name] != v {
				t.Errorf("link %s became %q", name, after[name])
			}
			if w, ok := after[name]; ok && !strings.HasPrefix(v, "link:") && v != "dir" && w[:10] != v[:10] {
				t.Errorf("%s mode %s became %s", name, v[:10], w[:10])
			}
		}
	})
}

func equalMaps(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	keys := make([]string, 0, len(a))
	for k := range a {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if a[k] != b[k] {
			return false
		}
	}
	return true
}
