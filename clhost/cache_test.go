package clhost

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

func cacheFiles(t *testing.T, dir string) []string {
	t.Helper()
	m, err := filepath.Glob(filepath.Join(dir, "*"))
	if err != nil {
		t.Fatal(err)
	}
	var out []string // without the hidden secret
	for _, f := range m {
		if !strings.HasPrefix(filepath.Base(f), ".") {
			out = append(out, f)
		}
	}
	return out
}

func TestProgramCache(t *testing.T) {
	c := newTestContext(t)
	dir := t.TempDir()
	t.Setenv("FOROCL_CACHE", dir)
	if CacheDir() != dir {
		t.Fatalf("CacheDir = %q, want %q", CacheDir(), dir)
	}
	src := testSource + "\n// cache test\n"
	p1 := mustBuild(t, c, src, "-DCACHE_TEST=1")
	if p1.FromCache() {
		t.Error("first build came from the cache")
	}
	files := cacheFiles(t, dir)
	if len(files) != 1 || !strings.HasSuffix(files[0], ".bin") {
		t.Fatalf("cache holds %v, want exactly one .bin file", files)
	}
	p2 := mustBuild(t, c, src, "-DCACHE_TEST=1")
	if !p2.FromCache() {
		t.Error("second build did not come from the cache")
	}
	if got := cacheFiles(t, dir); len(got) != 1 {
		t.Errorf("after the second build the cache holds %v", got)
	}
	runSaxpy(t, c, mustKernel(t, p2, "saxpy"), []int{1024}, []int{128})

	// Other options are another entry.
	mustBuild(t, c, src, "-DCACHE_TEST=2")
	if got := cacheFiles(t, dir); len(got) != 2 {
		t.Errorf("after building other options the cache holds %v", got)
	}

	// A corrupt entry falls back to the source silently and is replaced.
	if err := os.WriteFile(files[0], []byte("FOROCLP1 garbage garbage garbage garbage garbage garbage"), 0o644); err != nil {
		t.Fatal(err)
	}
	p3 := mustBuild(t, c, src, "-DCACHE_TEST=1")
	if p3.FromCache() {
		t.Error("corrupt cache entry was used")
	}
	runSaxpy(t, c, mustKernel(t, p3, "saxpy"), []int{1000}, nil)
	if p4 := mustBuild(t, c, src, "-DCACHE_TEST=1"); !p4.FromCache() {
		t.Error("corrupt entry was not replaced")
	}

	// A binary that passes the checksum but is not a program also falls back.
	storeCached(dir, cacheKey(c.Device(), "-DCACHE_TEST=1", src), cacheFields(c.Device(), "-DCACHE_TEST=1", src), "", []byte("not a device binary"))
	if p5 := mustBuild(t, c, src, "-DCACHE_TEST=1"); p5.FromCache() {
		t.Error("bogus binary reported as a cache hit")
	}

	if err := os.WriteFile(filepath.Join(dir, "keep.txt"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := ClearCache(); err != nil {
		t.Fatal(err)
	}
	if got := cacheFiles(t, dir); len(got) != 1 || filepath.Base(got[0]) != "keep.txt" {
		t.Errorf("after ClearCache: %v, want only keep.txt (and the hidden secret)", got)
	}
}

func TestCacheOff(t *testing.T) {
	c := newTestContext(t)
	t.Setenv("FOROCL_CACHE", "off")
	if CacheDir() != "" {
		t.Errorf("CacheDir = %q with FOROCL_CACHE=off", CacheDir())
	}
	if err := ClearCache(); err != nil {
		t.Error(err)
	}
	p1 := mustBuild(t, c, testSource, "")
	p2 := mustBuild(t, c, testSource, "")
	if p1.FromCache() || p2.FromCache() {
		t.Error("cache used although off")
	}
}

func TestCacheDirDefault(t *testing.T) {
	t.Setenv("FOROCL_CACHE", "")
	base, err := os.UserCacheDir()
	if err != nil {
		t.Skip(err)
	}
	if got, want := CacheDir(), filepath.Join(base, "forocl", "programs"); got != want {
		t.Errorf("CacheDir = %q, want %q", got, want)
	}
}

func TestCacheKeyDistinct(t *testing.T) {
	d := Device{Name: "n", DriverVersion: "1", Platform: "p"}
	keys := map[string]bool{}
	for _, k := range []string{
		cacheKey(d, "", "ab"),
		cacheKey(d, "a", "b"),
		cacheKey(d, "ab", ""),
		cacheKey(Device{Name: "n", DriverVersion: "2", Platform: "p"}, "", "ab"),
		cacheKey(Device{Name: "m", DriverVersion: "1", Platform: "p"}, "", "ab"),
		cacheKey(Device{Name: "n", DriverVersion: "1", Platform: "q"}, "", "ab"),
	} {
		if keys[k] {
			t.Errorf("duplicate key %s", k)
		}
		keys[k] = true
	}
}

func TestReadCacheFileRejectsBadInput(t *testing.T) {
	dir := t.TempDir()
	fields := []string{"platform", "device", "driver", "-O1", "srchash"}
	storeCached(dir, "k", fields, "log", []byte{1, 2, 3})
	secret := cacheSecret(dir)
	log, bin, ok := readCacheFile(cachePath(dir, "k"), secret, fields)
	if !ok || log != "log" || string(bin) != "\x01\x02\x03" {
		t.Fatalf("round trip: %q %v %v", log, bin, ok)
	}
	if st, err := os.Stat(filepath.Join(dir, secretName)); err != nil || st.Mode().Perm() != 0o600 {
		t.Errorf("secret: %v", err)
	}
	data, _ := os.ReadFile(cachePath(dir, "k"))
	for i := 0; i < len(data); i++ {
		bad := append([]byte{}, data[:i]...)
		p := filepath.Join(dir, "trunc.bin")
		os.WriteFile(p, bad, 0o644)
		if _, _, ok := readCacheFile(p, secret, fields); ok {
			t.Errorf("truncated to %d bytes accepted", i)
		}
		flip := append([]byte{}, data...)
		flip[i] ^= 0x40
		os.WriteFile(p, flip, 0o644)
		if _, _, ok := readCacheFile(p, secret, fields); ok {
			t.Errorf("bit flip at %d accepted", i)
		}
	}
	// Another key's fields, or another secret: refused.
	for i := range fields {
		other := append([]string{}, fields...)
		other[i] += "x"
		if _, _, ok := readCacheFile(cachePath(dir, "k"), secret, other); ok {
			t.Errorf("entry accepted for a key differing in field %d", i)
		}
	}
	if _, _, ok := readCacheFile(cachePath(dir, "k"), make([]byte, 32), fields); ok {
		t.Error("entry accepted under another secret")
	}
	// An unwritable cache directory is ignored.
	storeCached(filepath.Join(dir, "k.bin", "sub"), "k", fields, "", []byte{1})
}

// TestCacheEntryCarriesItsKey: an entry copied under another key's name
// is not loaded (it ran the other kernel), nor is an entry forged with a
// valid plain checksum around a corrupt binary (it aborted PoCL); both
// fall back to the source and the entry is rewritten.
func TestCacheEntryCarriesItsKey(t *testing.T) {
	c := newTestContext(t)
	dir := t.TempDir()
	t.Setenv("FOROCL_CACHE", dir)
	srcA := "__kernel void k(__global float *y) { y[get_global_id(0)] = 1.0f; }\n"
	srcB := "__kernel void k(__global float *y) { y[get_global_id(0)] = 2.0f; }\n"
	mustBuild(t, c, srcA, "")
	keyA, keyB := cacheKey(c.Device(), "", srcA), cacheKey(c.Device(), "", srcB)
	entryA, err := os.ReadFile(cachePath(dir, keyA))
	if err != nil {
		t.Fatal(err)
	}
	// A's entry under B's name.
	if err := os.WriteFile(cachePath(dir, keyB), entryA, 0o644); err != nil {
		t.Fatal(err)
	}
	run := func(p *Program) float32 {
		t.Helper()
		k := mustKernel(t, p, "k")
		b := mustBuffer(t, c, 4*4)
		ev, err := c.LaunchWith(k, []int{4}, nil, b)
		if err != nil {
			t.Fatal(err)
		}
		ev.Wait()
		got := make([]float32, 4)
		if err := c.ReadFloat32(b, got); err != nil {
			t.Fatal(err)
		}
		return got[0]
	}
	pB := mustBuild(t, c, srcB, "")
	if pB.FromCache() {
		t.Error("an entry copied under another key was loaded")
	}
	if got := run(pB); got != 2 {
		t.Errorf("kernel B computed %v, want 2 (ran kernel A?)", got)
	}
	if p := mustBuild(t, c, srcB, ""); !p.FromCache() || run(p) != 2 {
		t.Error("the mismatched entry was not rewritten")
	}

	// A corrupt binary in an entry with the right key fields and a valid
	// checksum, but not written under this cache's secret.
	_, binA, ok := readCacheFile(cachePath(dir, keyA), cacheSecret(dir), cacheFields(c.Device(), "", srcA))
	if !ok {
		t.Fatal("entry A unreadable")
	}
	corrupt := append([]byte{}, binA[:len(binA)/2]...)
	for i := range corrupt {
		if i%7 == 0 {
			corrupt[i] ^= 0xff
		}
	}
	forged := encodeEntry(make([]byte, 32), cacheFields(c.Device(), "", srcA), "", corrupt)
	if err := os.WriteFile(cachePath(dir, keyA), forged, 0o644); err != nil {
		t.Fatal(err)
	}
	pA := mustBuild(t, c, srcA, "") // must not reach the driver: PoCL would abort
	if pA.FromCache() || run(pA) != 1 {
		t.Error("a forged entry was used")
	}
	if p := mustBuild(t, c, srcA, ""); !p.FromCache() {
		t.Error("the forged entry was not rewritten")
	}
}

// TestCacheDirNotWritable: a cache directory that cannot be created is
// reported by CacheWarnings and builds go on without the cache (with
// HOME not writable forocl said "no OpenCL device").
func TestCacheDirNotWritable(t *testing.T) {
	c := newTestContext(t)
	t.Setenv("FOROCL_CACHE", "/dev/null/forocl")
	w := CacheWarnings()
	if len(w) == 0 || !strings.HasPrefix(w[0], "cache directory /dev/null/forocl cannot be created: not a directory; programs are built without the cache") {
		t.Errorf("warnings %q", w)
	}
	for range 2 {
		if p := mustBuild(t, c, testSource, ""); p.FromCache() {
			t.Error("program from a cache that cannot exist")
		}
	}
	t.Setenv("FOROCL_CACHE", t.TempDir())
	if w := CacheWarnings(); len(w) != 0 && !strings.HasPrefix(w[0], "PoCL's") {
		t.Errorf("warnings for a writable cache: %q", w)
	}
}

// within runs f and fails the test if it does not return in time (a
// named pipe read blocked forever).
func within(t *testing.T, what string, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { defer close(done); f() }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatalf("%s hung", what)
	}
}

// TestCacheFilesRegularOnly: a named pipe in place of an entry or of the
// secret blocked forever, a link to /dev/zero ran out of memory, and a
// broken secret disabled the cache for good. Now each is refused without
// blocking or reading it, reported once, and a broken secret is replaced.
func TestCacheFilesRegularOnly(t *testing.T) {
	CacheProblems()
	fields := []string{"platform", "device", "driver", "", "srchash"}
	mkfifo := func(p string) {
		t.Helper()
		if err := syscall.Mkfifo(p, 0o644); err != nil {
			t.Skip(err)
		}
	}

	// Entries.
	dir := t.TempDir()
	storeCached(dir, "k", fields, "log", []byte{1, 2, 3})
	secret := cacheSecret(dir)
	fifo, zero := cachePath(dir, "fifo"), cachePath(dir, "zero")
	mkfifo(fifo)
	os.Symlink("/dev/zero", zero)
	for _, p := range []string{fifo, zero, fifo} {
		within(t, "reading "+p, func() {
			if _, _, ok := readCacheFile(p, secret, fields); ok {
				t.Errorf("%s accepted", p)
			}
		})
	}
	want := []string{
		"program cache entry " + fifo + " is a named pipe, not a regular file; it was ignored and the program built from source (delete it if this repeats)",
		"program cache entry " + zero + " is a character device, not a regular file; it was ignored and the program built from source (delete it if this repeats)",
	}
	if got := CacheProblems(); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("problems (each once):\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// A fresh entry replaces the pipe.
	storeCached(dir, "fifo", fields, "log", []byte{4})
	if _, bin, ok := readCacheFile(fifo, secret, fields); !ok || string(bin) != "\x04" {
		t.Errorf("the pipe was not replaced by an entry: %v %v", bin, ok)
	}

	// The secret: a pipe, a link to /dev/zero, or the wrong length is
	// replaced; entries made under the old secret are no longer used.
	for _, c := range []struct {
		name, what string
		make       func(p string)
	}{
		{"pipe", "is a named pipe, not a regular file", mkfifo},
		{"zero", "is a character device, not a regular file", func(p string) { os.Symlink("/dev/zero", p) }},
		{"short", "holds 5 bytes, not 32", func(p string) { os.WriteFile(p, []byte("short"), 0o600) }},
	} {
		dir := t.TempDir()
		p := filepath.Join(dir, secretName)
		c.make(p)
		var got []byte
		within(t, "the secret "+c.name, func() { got = cacheSecret(dir) })
		if len(got) != 32 {
			t.Errorf("%s: secret %v, want a new one", c.name, got)
		}
		if again := cacheSecret(dir); string(again) != string(got) {
			t.Errorf("%s: the new secret does not last", c.name)
		}
		if st, err := os.Lstat(p); err != nil || !st.Mode().IsRegular() {
			t.Errorf("%s: secret is not a regular file now: %v", c.name, err)
		}
		w := "program cache secret " + p + " " + c.what + "; it was replaced by a new one, so cached programs are built once more"
		if got := CacheProblems(); len(got) != 1 || got[0] != w {
			t.Errorf("%s: problems %q, want %q", c.name, got, w)
		}
	}
	// A folder cannot be replaced: the cache is not used, and the user is told.
	dir = t.TempDir()
	p := filepath.Join(dir, secretName)
	os.Mkdir(p, 0o755)
	if got := cacheSecret(dir); got != nil {
		t.Errorf("secret %v from a folder", got)
	}
	w := "program cache secret " + p + " is a directory, not a regular file and cannot be replaced; programs are built without the cache: delete it, or set FOROCL_CACHE to another folder"
	if got := CacheProblems(); len(got) != 1 || got[0] != w {
		t.Errorf("folder: problems %q, want %q", got, w)
	}
	cacheSecret(dir)
	if got := CacheProblems(); len(got) != 0 {
		t.Errorf("reported twice: %q", got)
	}
}

// TestReadRegularBounded: a file larger than the bound is refused, not
// read.
func TestReadRegularBounded(t *testing.T) {
	p := filepath.Join(t.TempDir(), "big")
	os.WriteFile(p, make([]byte, 100), 0o644)
	if _, err := readRegular(p, 99); err == nil || err.Error() != "is larger than 99 bytes" {
		t.Errorf("err %v", err)
	}
	if b, err := readRegular(p, 100); err != nil || len(b) != 100 {
		t.Errorf("%d bytes, %v", len(b), err)
	}
}
