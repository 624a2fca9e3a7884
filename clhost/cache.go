package clhost

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Cache file layout: magic, log length (uint32), binary length (uint64),
// SHA-256 of log+binary, log, binary. All integers little-endian.
const (
	cacheMagic     = "FOROCLP1"
	cacheHeader    = len(cacheMagic) + 4 + 8 + sha256.Size
	maxCacheBinary = 1 << 30
	maxCacheLog    = 1 << 24
)

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

// cacheKey hashes what determines a program binary. Fields are length
// prefixed so that no two inputs share an encoding.
func cacheKey(d Device, options, source string) string {
	h := sha256.New()
	for _, s := range []string{cacheMagic, d.Name, d.DriverVersion, d.Platform, options, source} {
		var n [8]byte
		binary.LittleEndian.PutUint64(n[:], uint64(len(s)))
		h.Write(n[:])
		io.WriteString(h, s)
	}
	return hex.EncodeToString(h.Sum(nil))
}

func cachePath(dir, key string) string { return filepath.Join(dir, key+".bin") }

// loadCached returns a built, untracked program from the cache, or nil.
func (c *Context) loadCached(dir, key, options string) *Program {
	log, bin, ok := readCacheFile(cachePath(dir, key))
	if !ok {
		return nil
	}
	h := c.fromBinary(bin, options)
	if h == 0 {
		return nil
	}
	return &Program{ctx: c, h: h, log: log, cached: true}
}

// readCacheFile parses and verifies a cache file.
func readCacheFile(path string) (log string, bin []byte, ok bool) {
	data, err := os.ReadFile(path)
	if err != nil || len(data) < cacheHeader || string(data[:len(cacheMagic)]) != cacheMagic {
		return "", nil, false
	}
	p := data[len(cacheMagic):]
	logLen := uint64(binary.LittleEndian.Uint32(p))
	binLen := binary.LittleEndian.Uint64(p[4:])
	var sum [sha256.Size]byte
	copy(sum[:], p[12:])
	body := data[cacheHeader:]
	if logLen > maxCacheLog || binLen > maxCacheBinary || uint64(len(body)) != logLen+binLen {
		return "", nil, false
	}
	if sha256.Sum256(body) != sum {
		return "", nil, false
	}
	return string(body[:logLen]), body[logLen:], true
}

// storeCached writes a cache entry atomically; failures are ignored.
func storeCached(dir, key, log string, bin []byte) {
	if len(bin) == 0 || len(log) > maxCacheLog {
		return
	}
	var buf bytes.Buffer
	buf.Grow(cacheHeader + len(log) + len(bin))
	buf.WriteString(cacheMagic)
	var n [12]byte
	binary.LittleEndian.PutUint32(n[:4], uint32(len(log)))
	binary.LittleEndian.PutUint64(n[4:], uint64(len(bin)))
	buf.Write(n[:])
	h := sha256.New()
	io.WriteString(h, log)
	h.Write(bin)
	buf.Write(h.Sum(nil))
	buf.WriteString(log)
	buf.Write(bin)

	if err := os.MkdirAll(dir, 0o755); err != nil {
		return
	}
	f, err := os.CreateTemp(dir, key+"-*.tmp")
	if err != nil {
		return
	}
	tmp := f.Name()
	_, werr := f.Write(buf.Bytes())
	cerr := f.Close()
	if werr != nil || cerr != nil {
		os.Remove(tmp)
		return
	}
	if err := os.Rename(tmp, cachePath(dir, key)); err != nil {
		os.Remove(tmp)
	}
}
