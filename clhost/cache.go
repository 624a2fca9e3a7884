package clhost

import (
	"bytes"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/forocl/forocl/internal/fsutil"
)

// Cache file layout (see Note [program cache]): magic; the entry's key as
// a field count (uint32) and length-prefixed fields (uint32 each); log
// length (uint32); binary length (uint64); HMAC-SHA256 under the cache's
// secret of everything before it plus log and binary; log; binary. All
// integers little-endian.
const (
	cacheMagic     = "FOROCLP2"
	maxCacheBinary = 1 << 30
	maxCacheLog    = 1 << 24
	maxCacheFields = 16
	secretName     = ".secret"
	// maxCacheFile bounds what is read of an entry: header, log and binary.
	maxCacheFile = maxCacheBinary + maxCacheLog + 1<<20
	// maxSecretFile bounds what is read of the secret (32 bytes).
	maxSecretFile = 4096
)

// Note [program cache]
//
// A cache entry is found by a hash of what determines the binary (device,
// driver, platform, options, source) but must not be trusted because of
// its file name: a file copied under another name would run another
// kernel. So each entry carries its own key fields and is used only when
// they equal the key asked for. Its contents are authenticated with an
// HMAC under a random secret kept in the cache directory (mode 0600), not
// a plain checksum: an entry whose checksum was recomputed after a change
// (by hand, a tool, another program) would pass a checksum, and a corrupt
// binary handed to clCreateProgramWithBinary can abort the process inside
// the driver (PoCL does). Only entries this user's forocl wrote, for this
// key, reach the driver; any other is ignored, the program is built from
// source and the entry rewritten.
//
// Cache files are read only when they are regular files, and at most
// maxCacheFile (the secret maxSecretFile) bytes of them: a named pipe in
// place of an entry blocked forever and a link to /dev/zero ran out of
// memory. An entry that is not a regular file is ignored and reported once
// (CacheProblems); a secret that is not 32 bytes of a regular file is
// replaced atomically by a new one (entries made under the old one are
// then rebuilt once), and the cache is used without a secret only when it
// cannot be replaced (a folder, a file that cannot be read): reported once,
// with what to do.

// pocl is set when PoCL's own cache had to move (see preparePoCL).
var poclMoved string

// preparePoCL runs before the OpenCL loader is opened. PoCL, the CPU
// driver, keeps compiled kernels in $POCL_CACHE_DIR, else
// $XDG_CACHE_HOME/pocl or ~/.cache/pocl, and without a usable one it
// reports no device at all. When that folder cannot be created, PoCL's
// cache moves to a private folder under os.TempDir, so a read-only home
// costs the cache, not the device.
func preparePoCL() {
	if os.Getenv("POCL_CACHE_DIR") != "" {
		return
	}
	base, err := os.UserCacheDir()
	if err == nil {
		err = writableDir(filepath.Join(base, "pocl"))
	}
	if err == nil {
		return
	}
	tmp := filepath.Join(os.TempDir(), fmt.Sprintf("forocl-pocl-%d", os.Getuid()))
	if os.MkdirAll(tmp, 0o700) == nil && os.Setenv("POCL_CACHE_DIR", tmp) == nil {
		poclMoved = err.Error()
	}
}

// writableDir creates dir if needed and checks that files can be created
// in it.
func writableDir(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return fmt.Errorf("cache directory %s cannot be created: %v", dir, err)
	}
	f, err := os.CreateTemp(dir, ".probe-*")
	if err != nil {
		return fmt.Errorf("cache directory %s is not writable", dir)
	}
	f.Close()
	os.Remove(f.Name())
	return nil
}

// CacheDir returns the directory of the program-binary cache: $FOROCL_CACHE
// if set, else os.UserCacheDir()/forocl/programs. It returns "" when the
// cache is disabled (FOROCL_CACHE=off) or no cache directory is known.
func CacheDir() string {
	v := strings.TrimSpace(os.Getenv("FOROCL_CACHE"))
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
	return filepath.Join(d, "forocl", "programs")
}

// usableCacheDir is CacheDir when files can be created in it, else "".
func usableCacheDir() string {
	dir := CacheDir()
	if dir == "" || writableDir(dir) != nil {
		return ""
	}
	return dir
}

// CacheWarnings says, for the user, why a cache is not used: forocl's
// program cache when its directory cannot be created or written (programs
// are then built from source every time), and PoCL's when it had to move
// to a temporary folder. Nil when all is well or the cache is off.
func CacheWarnings() []string {
	var out []string
	if dir := CacheDir(); dir != "" {
		if err := writableDir(dir); err != nil {
			out = append(out, err.Error()+"; programs are built without the cache (set FOROCL_CACHE to a writable folder, or FOROCL_CACHE=off)")
		}
	}
	if poclMoved != "" {
		out = append(out, "PoCL's "+poclMoved+"; PoCL caches in "+os.Getenv("POCL_CACHE_DIR")+" instead")
	}
	return out
}

// ClearCache deletes the cached program binaries (and stray temporary
// files) in CacheDir. Other files in the directory are left alone. A missing
// or disabled cache is not an error.
func ClearCache() error {
	dir := CacheDir()
	if dir == "" {
		return nil
	}
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	var errs []error
	for _, e := range entries {
		n := e.Name()
		if e.Type().IsRegular() && (strings.HasSuffix(n, ".bin") || strings.HasSuffix(n, ".tmp")) {
			if err := os.Remove(filepath.Join(dir, n)); err != nil && !errors.Is(err, fs.ErrNotExist) {
				errs = append(errs, err)
			}
		}
	}
	return errors.Join(errs...)
}

// cacheFields are what determines a program binary: an entry's key.
func cacheFields(d Device, options, source string) []string {
	sum := sha256.Sum256([]byte(source))
	return []string{d.Platform, d.Name, d.DriverVersion, options, hex.EncodeToString(sum[:])}
}

// cacheKey names the cache file for fields: a hash, with fields length
// prefixed so that no two inputs share an encoding.
func cacheKey(d Device, options, source string) string {
	h := sha256.New()
	for _, s := range append([]string{cacheMagic}, cacheFields(d, options, source)...) {
		var n [8]byte
		binary.LittleEndian.PutUint64(n[:], uint64(len(s)))
		h.Write(n[:])
		io.WriteString(h, s)
	}
	return hex.EncodeToString(h.Sum(nil))
}

func cachePath(dir, key string) string { return filepath.Join(dir, key+".bin") }

// Cache problems are reported once per process and file (CacheProblems).
var (
	problemsMu   sync.Mutex
	problemsSeen = map[string]bool{}
	problems     []string
)

// cacheProblem records msg for CacheProblems unless it was recorded
// before.
func cacheProblem(msg string) {
	problemsMu.Lock()
	defer problemsMu.Unlock()
	if !problemsSeen[msg] {
		problemsSeen[msg] = true
		problems = append(problems, msg)
	}
}

// CacheProblems returns, once each, the problems found with the program
// cache's files since the last call: an entry or a secret that is not a
// regular file, too large, or unreadable, saying which file and what to
// do. The program is built from source then; none of them is an error.
func CacheProblems() []string {
	problemsMu.Lock()
	defer problemsMu.Unlock()
	out := problems
	problems = nil
	return out
}

// fileError is a cache file that readRegular refuses.
type fileError struct {
	what string // "is a named pipe, not a regular file", "is larger than ..."
}

func (e *fileError) Error() string { return e.what }

// readRegular is fsutil.ReadRegular with its refusals as fileError.
func readRegular(path string, limit int64) ([]byte, error) {
	data, err := fsutil.ReadRegular(path, limit)
	var notRegular *fsutil.NotRegularError
	var tooLarge *fsutil.TooLargeError
	if errors.As(err, &notRegular) || errors.As(err, &tooLarge) {
		return nil, &fileError{err.Error()}
	}
	return data, err
}

// cacheSecret returns the cache's HMAC key, creating it on first use and
// replacing a broken one (see Note [program cache]); nil when it can be
// neither read nor made (the cache is then not used).
func cacheSecret(dir string) []byte {
	p := filepath.Join(dir, secretName)
	b, err := readRegular(p, maxSecretFile)
	if err == nil && len(b) == 32 {
		return b
	}
	var fe *fileError
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return newSecret(dir, p, false)
	case err == nil: // a regular file of another length
		fe = &fileError{fmt.Sprintf("holds %d bytes, not 32", len(b))}
	case errors.As(err, &fe):
	default:
		cacheProblem(fmt.Sprintf("program cache secret %s cannot be read (%v); programs are built without the cache: delete the file, or set FOROCL_CACHE to another folder", p, unwrapPathErr(err)))
		return nil
	}
	got := newSecret(dir, p, true)
	if got == nil {
		cacheProblem(fmt.Sprintf("program cache secret %s %s and cannot be replaced; programs are built without the cache: delete it, or set FOROCL_CACHE to another folder", p, fe.what))
		return nil
	}
	cacheProblem(fmt.Sprintf("program cache secret %s %s; it was replaced by a new one, so cached programs are built once more", p, fe.what))
	return got
}

// newSecret writes a random secret to p: by a link, which never replaces a
// secret another process made, or, when replace is set (p is broken), by
// a rename over it. It returns the secret p then holds, or nil.
func newSecret(dir, p string, replace bool) []byte {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return nil
	}
	f, err := os.CreateTemp(dir, ".secret-*.tmp")
	if err != nil {
		return nil
	}
	_, werr := f.Write(b)
	cerr := f.Close()
	if werr == nil && cerr == nil {
		if replace {
			os.Rename(f.Name(), p)
		} else {
			os.Link(f.Name(), p)
		}
	}
	os.Remove(f.Name())
	if got, err := readRegular(p, maxSecretFile); err == nil && len(got) == 32 {
		return got
	}
	return nil
}

func unwrapPathErr(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// loadCached returns a built, untracked program from the cache, or nil.
func (c *Context) loadCached(dir, key string, fields []string, options string) *Program {
	secret := cacheSecret(dir)
	if secret == nil {
		return nil
	}
	log, bin, ok := readCacheFile(cachePath(dir, key), secret, fields)
	if !ok {
		return nil
	}
	h := c.fromBinary(bin, options)
	if h == 0 {
		return nil
	}
	return &Program{ctx: c, h: h, log: log, cached: true}
}

// encodeEntry lays out a cache file (see the layout above).
func encodeEntry(secret []byte, fields []string, log string, bin []byte) []byte {
	var buf bytes.Buffer
	buf.WriteString(cacheMagic)
	var n [8]byte
	put32 := func(v int) {
		binary.LittleEndian.PutUint32(n[:4], uint32(v))
		buf.Write(n[:4])
	}
	put32(len(fields))
	for _, f := range fields {
		put32(len(f))
		buf.WriteString(f)
	}
	put32(len(log))
	binary.LittleEndian.PutUint64(n[:], uint64(len(bin)))
	buf.Write(n[:])
	mac := hmac.New(sha256.New, secret)
	mac.Write(buf.Bytes())
	io.WriteString(mac, log)
	mac.Write(bin)
	buf.Write(mac.Sum(nil))
	buf.WriteString(log)
	buf.Write(bin)
	return buf.Bytes()
}

// readCacheFile parses a cache file and returns its log and binary when
// its HMAC verifies under secret and its key fields equal want.
func readCacheFile(path string, secret []byte, want []string) (log string, bin []byte, ok bool) {
	data, err := readRegular(path, maxCacheFile)
	var fe *fileError
	switch {
	case errors.As(err, &fe):
		cacheProblem(fmt.Sprintf("program cache entry %s %s; it was ignored and the program built from source (delete it if this repeats)", path, fe.what))
		return "", nil, false
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		cacheProblem(fmt.Sprintf("program cache entry %s cannot be read (%v); it was ignored and the program built from source (delete it if this repeats)", path, unwrapPathErr(err)))
		return "", nil, false
	}
	if err != nil || !bytes.HasPrefix(data, []byte(cacheMagic)) {
		return "", nil, false
	}
	p := data[len(cacheMagic):]
	bad := false
	take := func(n uint64) []byte {
		if bad || n > uint64(len(p)) {
			bad = true
			return nil
		}
		b := p[:n]
		p = p[n:]
		return b
	}
	get32 := func() uint64 {
		b := take(4)
		if b == nil {
			return 0
		}
		return uint64(binary.LittleEndian.Uint32(b))
	}
	nf := get32()
	if nf != uint64(len(want)) || nf > maxCacheFields {
		return "", nil, false
	}
	for _, w := range want {
		if f := take(get32()); bad || string(f) != w {
			return "", nil, false
		}
	}
	logLen := get32()
	lb := take(8)
	if bad {
		return "", nil, false
	}
	binLen := binary.LittleEndian.Uint64(lb)
	head := data[:len(data)-len(p)]
	sum := take(sha256.Size)
	if bad || logLen > maxCacheLog || binLen > maxCacheBinary || uint64(len(p)) != logLen+binLen {
		return "", nil, false
	}
	mac := hmac.New(sha256.New, secret)
	mac.Write(head)
	mac.Write(p)
	if !hmac.Equal(mac.Sum(nil), sum) {
		return "", nil, false
	}
	return string(p[:logLen]), p[logLen:], true
}

// storeCached writes a cache entry atomically; failures are ignored.
func storeCached(dir, key string, fields []string, log string, bin []byte) {
	if len(bin) == 0 || len(log) > maxCacheLog {
		return
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return
	}
	secret := cacheSecret(dir)
	if secret == nil {
		return
	}
	data := encodeEntry(secret, fields, log, bin)
	f, err := os.CreateTemp(dir, key+"-*.tmp")
	if err != nil {
		return
	}
	tmp := f.Name()
	_, werr := f.Write(data)
	cerr := f.Close()
	if werr != nil || cerr != nil {
		os.Remove(tmp)
		return
	}
	if err := os.Rename(tmp, cachePath(dir, key)); err != nil {
		os.Remove(tmp)
	}
}
