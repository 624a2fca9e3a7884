package oracle

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
)

// Note [oracle cache]
//
// Several tests build the same oracle: TestNumeric and
// TestFortranHostNumeric compile the same serial driver for every corpus
// kernel, and every package that tests against gfortran compiles its own.
// A build is a pure function of what gfortran reads, so its executable is
// kept under a key that hashes all of it:
//
//   - gfortran's resolved path and its full --version text;
//   - the flags and link arguments (less the scratch paths -J and -o);
//   - the generated driver source;
//   - every source file's bytes, in order, and, for Fortran sources, every
//     file they include (#include "x", INCLUDE 'x'): every file the name
//     could mean, in the including file's folder, the working folder and
//     each -I folder, so the search order does not matter; an include
//     this cannot name (a macro, <x>, no such file) makes the build
//     uncached rather than keyed on a guess;
//   - every .mod file in the -I folders, the build folder and the working
//     folder, by name and bytes;
//   - the environment variables gfortran reads for paths (LIBRARY_PATH,
//     CPATH, COMPILER_PATH, GCC_EXEC_PREFIX).
//
// Entries live in a process-wide map (one build per key, so concurrent
// tests of the same kernel wait for one gfortran run) and on disk in
// CacheDir, one file per key: the SHA-256 of key and executable, then the
// executable. It is written to a temporary file and renamed, so a reader
// sees a whole entry or none; on reading, a file that is not regular, is
// too large, or whose checksum does not match is ignored and the program
// built again (the entry then rewritten). A cache that cannot be written
// costs only the speed. The executable is copied into the caller's folder
// and runs there, exactly as a fresh build would.

// envCacheDir names the oracle cache's folder; "off" disables the disk cache.
const envCacheDir = "FOROCL_ORACLE_CACHE"

// maxEntry bounds the size of a cache file that is read.
const maxEntry = 256 << 20

// CacheDir returns the folder of the on-disk oracle cache:
// $FOROCL_ORACLE_CACHE if set, else os.UserCacheDir()/forocl-oracle; ""
// when the variable is "off" or no cache folder is known.
func CacheDir() string {
	v := strings.TrimSpace(os.Getenv(envCacheDir))
	if strings.EqualFold(v, "off") {
		return ""
	}
	if v != "" {
		return v
	}
	d, err := os.UserCacheDir()
	if err != nil || d == "" {
		return ""
	}
	return filepath.Join(d, "forocl-oracle")
}

// memo is the process-wide cache: one entry per key.
var memo = struct {
	sync.Mutex
	entries map[string]*memoEntry
}{entries: map[string]*memoEntry{}}

// memoEntry is held while its executable is built or loaded, so that
// concurrent builds of one key run gfortran once.
type memoEntry struct {
	sync.Mutex
	exe []byte // nil until built or loaded
}

// Stats counts, for this process, how oracle executables were obtained:
// built by gfortran, loaded from the disk cache, or taken from memory.
type Stats struct{ Built, Loaded, Memory int }

var stats struct {
	sync.Mutex
	Stats
}

// CacheStats returns the counts of this process so far.
func CacheStats() Stats {
	stats.Lock()
	defer stats.Unlock()
	return stats.Stats
}

func count(f func(*Stats)) {
	stats.Lock()
	f(&stats.Stats)
	stats.Unlock()
}

// cached returns the executable of key, from memory, from the disk cache,
// or from compile, which builds it at exe (a path) and is run at most once
// at a time per key. An empty key (an uncacheable build) always compiles.
func cached(key, exe string, compile func() error) ([]byte, error) {
	if key == "" {
		if err := compile(); err != nil {
			return nil, err
		}
		count(func(s *Stats) { s.Built++ })
		return os.ReadFile(exe)
	}
	memo.Lock()
	e := memo.entries[key]
	if e == nil {
		e = &memoEntry{}
		memo.entries[key] = e
	}
	memo.Unlock()
	e.Lock()
	defer e.Unlock()
	if e.exe != nil {
		count(func(s *Stats) { s.Memory++ })
		return e.exe, nil
	}
	dir := CacheDir()
	if dir != "" {
		if b := loadEntry(dir, key); b != nil {
			count(func(s *Stats) { s.Loaded++ })
			e.exe = b
			return b, nil
		}
	}
	if err := compile(); err != nil {
		return nil, err // not remembered: the next build tries again
	}
	b, err := os.ReadFile(exe)
	if err != nil {
		return nil, err
	}
	count(func(s *Stats) { s.Built++ })
	e.exe = b
	if dir != "" {
		storeEntry(dir, key, b)
	}
	return b, nil
}

// entryPath is the cache file of key.
func entryPath(dir, key string) string { return filepath.Join(dir, key+".exe") }

// checksum binds an entry's bytes to its key.
func checksum(key string, exe []byte) []byte {
	h := sha256.New()
	io.WriteString(h, key)
	h.Write(exe)
	return h.Sum(nil)
}

// loadEntry returns the executable cached under key, or nil when there is
// no whole, matching entry.
func loadEntry(dir, key string) []byte {
	p := entryPath(dir, key)
	fi, err := os.Lstat(p)
	if err != nil || !fi.Mode().IsRegular() || fi.Size() <= sha256.Size || fi.Size() > maxEntry {
		return nil
	}
	data, err := os.ReadFile(p)
	if err != nil || len(data) <= sha256.Size {
		return nil
	}
	sum, exe := data[:sha256.Size], data[sha256.Size:]
	if !bytes.Equal(sum, checksum(key, exe)) {
		return nil
	}
	return exe
}

// storeEntry writes the entry of key atomically; failures are ignored.
func storeEntry(dir, key string, exe []byte) {
	if os.MkdirAll(dir, 0o755) != nil {
		return
	}
	f, err := os.CreateTemp(dir, key+"-*.tmp")
	if err != nil {
		return
	}
	tmp := f.Name()
	_, err = f.Write(append(checksum(key, exe), exe...))
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, entryPath(dir, key))
	}
	if err != nil {
		os.Remove(tmp)
	}
}

// gfortranID is gfortran's resolved path and --version text, once.
var gfortranID = sync.OnceValues(func() (string, error) {
	p, err := exec.LookPath("gfortran")
	if err != nil {
		return "", err
	}
	if abs, err := filepath.EvalSymlinks(p); err == nil {
		p = abs
	}
	out, err := exec.Command(p, "--version").Output()
	if err != nil {
		return "", fmt.Errorf("gfortran --version: %v", err)
	}
	return p + "\n" + string(out), nil
})

// keyer accumulates the fields of a cache key, each length-prefixed so
// that no two lists of fields hash alike.
type keyer struct{ h io.Writer }

func (k keyer) field(s []byte) {
	var n [8]byte
	binary.LittleEndian.PutUint64(n[:], uint64(len(s)))
	k.h.Write(n[:])
	k.h.Write(s)
}

func (k keyer) str(s string) { k.field([]byte(s)) }

// errUncached marks a build whose inputs cannot all be named.
var errUncached = errors.New("oracle: build not cacheable")

// buildKey returns the cache key of a gfortran build (Note [oracle
// cache]): flags are the arguments less -J and -o and their paths, src is
// the driver, dir the build folder (-J). It returns "" when the build
// cannot be keyed.
func buildKey(flags []string, src string, sources, includes, link []string, dir string) string {
	id, err := gfortranID()
	if err != nil {
		return ""
	}
	h := sha256.New()
	k := keyer{h}
	k.str("forocl-oracle 1")
	k.str(id)
	k.str(strings.Join(flags, "\x00"))
	k.str(strings.Join(link, "\x00"))
	for _, v := range []string{"LIBRARY_PATH", "CPATH", "COMPILER_PATH", "GCC_EXEC_PREFIX"} {
		k.str(v + "=" + os.Getenv(v))
	}
	k.str(src)
	seen := map[string]bool{}
	for _, s := range sources {
		if err := hashSource(k, s, includes, seen, 0); err != nil {
			return ""
		}
	}
	// gfortran reads modules from the -I folders, the build folder (-J)
	// and the working folder.
	for _, d := range append(append([]string(nil), includes...), dir, ".") {
		if err := hashModules(k, d); err != nil {
			return ""
		}
	}
	return hex.EncodeToString(h.Sum(nil))
}

// fortranExt lists the extensions gfortran reads as Fortran source (and so
// scans for includes).
var fortranExt = map[string]bool{
	".f": true, ".for": true, ".ftn": true, ".f90": true, ".f95": true, ".f03": true, ".f08": true,
	".F": true, ".FOR": true, ".FTN": true, ".F90": true, ".F95": true, ".F03": true, ".F08": true, ".fpp": true, ".FPP": true,
}

var (
	// includeLine matches any line that may include a file.
	includeLine = regexp.MustCompile(`(?i)^\s*(#\s*include|include\s*['"])`)
	// includeFile takes the file name of an include this can resolve.
	includeFile = regexp.MustCompile(`(?i)^\s*(?:#\s*include\s*"([^"]+)"|include\s*'([^']+)'|include\s*"([^"]+)")\s*(?:!.*)?$`)
)

// hashSource adds source file path (and what it includes) to k.
func hashSource(k keyer, path string, includes []string, seen map[string]bool, depth int) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	k.str(filepath.Base(path)) // the extension decides how gfortran reads it
	k.field(data)
	if !fortranExt[filepath.Ext(path)] {
		return nil
	}
	if depth > 20 {
		return errUncached
	}
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimRight(line, "\r")
		if !includeLine.MatchString(line) {
			continue
		}
		m := includeFile.FindStringSubmatch(line)
		if m == nil {
			return errUncached
		}
		name := m[1] + m[2] + m[3]
		// Every file the name could mean (the including file's folder,
		// the working folder, each -I folder) is part of the key, so the
		// order gfortran and its preprocessor search them in does not
		// matter.
		k.str("include " + name)
		found := 0
		cands := []string{name}
		if !filepath.IsAbs(name) {
			cands = cands[:0]
			for _, d := range append([]string{filepath.Dir(path), "."}, includes...) {
				cands = append(cands, filepath.Join(d, name))
			}
		}
		for _, p := range cands {
			fi, err := os.Stat(p)
			if err != nil || !fi.Mode().IsRegular() {
				k.str("absent " + p)
				continue
			}
			found++
			k.str("file " + p)
			if seen[p] {
				// Its bytes and includes are in the key already.
				data, err := os.ReadFile(p)
				if err != nil {
					return err
				}
				k.field(data)
				continue
			}
			seen[p] = true
			if err := hashSource(k, p, includes, seen, depth+1); err != nil {
				return err
			}
		}
		if found == 0 {
			return errUncached
		}
	}
	return nil
}

// hashModules adds the .mod files of folder dir, by name and bytes.
func hashModules(k keyer, dir string) error {
	mods, err := filepath.Glob(filepath.Join(dir, "*.mod"))
	if err != nil {
		return err
	}
	sort.Strings(mods)
	k.str("modules")
	for _, m := range mods {
		data, err := os.ReadFile(m)
		if err != nil {
			return err
		}
		k.str(filepath.Base(m))
		k.field(data)
	}
	return nil
}
