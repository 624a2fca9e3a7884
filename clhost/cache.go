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

// cacheSecret returns the cache's HMAC key, creating it on first use; nil
// when it can be neither read nor made (the cache is then not used).
func cacheSecret(dir string) []byte {
	p := filepath.Join(dir, secretName)
	if b, err := os.ReadFile(p); err == nil && len(b) == 32 {
		return b
	}
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
		os.Link(f.Name(), p) // never replaces a secret another process made
	}
	os.Remove(f.Name())
	if got, err := os.ReadFile(p); err == nil && len(got) == 32 {
		return got
	}
	return nil
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
	data, err := os.ReadFile(path)
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
