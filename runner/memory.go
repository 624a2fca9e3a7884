package runner

import (
	"bufio"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/forocl/forocl/npy"
)

// HostMemory returns the bytes of memory this process can still take: the
// kernel's MemAvailable, lowered by a cgroup (v2) memory limit. ok is false
// where neither is known; the check is then skipped. Tests replace it.
var HostMemory = func() (avail int64, ok bool) {
	if kb, found := meminfo("MemAvailable"); found {
		avail, ok = kb*1024, true
	}
	if lim, err := readInt("/sys/fs/cgroup/memory.max"); err == nil {
		if cur, err := readInt("/sys/fs/cgroup/memory.current"); err == nil && lim > cur {
			if !ok || lim-cur < avail {
				avail, ok = lim-cur, true
			}
		}
	}
	return avail, ok
}

// CheckHostMemory returns an error naming what and the bytes needed and
// available when need exceeds the host memory this process can take.
func CheckHostMemory(need int64, what string) error {
	return checkHostMemory(need, what, "use a smaller grid")
}

// checkHostMemory is CheckHostMemory with the hint to give. A need of
// math.MaxInt64 (an element count that overflows, see mulSat) is an error
// even where the host memory is not known.
func checkHostMemory(need int64, what, hint string) error {
	if need == math.MaxInt64 {
		return fmt.Errorf("%s needs more host memory for its arrays than any computer has (their element counts overflow 64-bit integers); %s", what, hint)
	}
	avail, ok := HostMemory()
	if !ok || need <= avail {
		return nil
	}
	return fmt.Errorf("%s needs %s (%d bytes) of host memory for its arrays but %s (%d bytes) is available; %s", what, human(need), need, human(avail), avail, hint)
}

// Note [host memory]
//
// Every array a run makes on the host is counted before the first is
// made, and the sum is checked against the memory the process can take
// (HostMemory): the inputs filled on a --grid (Bind), the zeros an output
// starts from when it was not given, the copy a --swap output starts as,
// and the array every output and scalar result is read back into (Check
// and Prepare). Extents come from --set sizes as well as from shapes, so
// a typo such as --set nx=65536 --set ny=65536 fails with a message
// instead of Go's out-of-memory crash. Products of extents saturate at
// math.MaxInt64 (mulSat) instead of wrapping, so that no overflow can
// make a huge array look small. Arrays already read (--in files) are in
// use and so already out of the memory available.

// mulSat returns a*b for a, b >= 0, or math.MaxInt64 when it overflows.
func mulSat(a, b int64) int64 {
	if a == 0 || b == 0 {
		return 0
	}
	if a > math.MaxInt64/b {
		return math.MaxInt64
	}
	return a * b
}

// addSat returns a+b for a, b >= 0, or math.MaxInt64 when it overflows.
func addSat(a, b int64) int64 {
	if a > math.MaxInt64-b {
		return math.MaxInt64
	}
	return a + b
}

// shapeBytes is the size of an array of the given shape and dtype
// (negative extents count as 0, as in Fortran), saturating.
func shapeBytes(shape []int, dt npy.DType) int64 {
	n := int64(1)
	for _, e := range shape {
		n = mulSat(n, int64(max(e, 0)))
	}
	return mulSat(n, elemBytes(dt))
}

func meminfo(key string) (int64, bool) {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return 0, false
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		name, rest, ok := strings.Cut(sc.Text(), ":")
		if !ok || name != key {
			continue
		}
		n, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
		return n, err == nil
	}
	return 0, false
}

func readInt(path string) (int64, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0, err
	}
	return strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64)
}
