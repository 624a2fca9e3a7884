package clhost

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func cacheFiles(t *testing.T, dir string) []string {
	t.Helper()
	m, err := filepath.Glob(filepath.Join(dir, "*"))
	if err != nil {
		t.Fatal(err)
	}
	return m
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
	storeCached(dir, cacheKey(c.Device(), "-DCACHE_TEST=1", src), "", []byte("not a device binary"))
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
		t.Errorf("after ClearCache: %v, want only keep.txt", got)
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
	storeCached(dir, "k", "log", []byte{1, 2, 3})
	log, bin, ok := readCacheFile(cachePath(dir, "k"))
	if !ok || log != "log" || string(bin) != "\x01\x02\x03" {
		t.Fatalf("round trip: %q %v %v", log, bin, ok)
	}
	data, _ := os.ReadFile(cachePath(dir, "k"))
	for i := 0; i < len(data); i++ {
		bad := append([]byte{}, data[:i]...)
		p := filepath.Join(dir, "trunc.bin")
		os.WriteFile(p, bad, 0o644)
		if _, _, ok := readCacheFile(p); ok {
			t.Errorf("truncated to %d bytes accepted", i)
		}
		flip := append([]byte{}, data...)
		flip[i] ^= 0x40
		os.WriteFile(p, flip, 0o644)
		if _, _, ok := readCacheFile(p); ok {
			t.Errorf("bit flip at %d accepted", i)
		}
	}
	// An unwritable cache directory is ignored.
	storeCached(filepath.Join(dir, "k.bin", "sub"), "k", "", []byte{1})
}
