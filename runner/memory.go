package runner

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
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
	avail, ok := HostMemory()
	if !ok || need <= avail {
		return nil
	}
	return fmt.Errorf("%s needs %s (%d bytes) of host memory for its arrays but %s (%d bytes) is available; use a smaller grid", what, human(need), need, human(avail), avail)
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
