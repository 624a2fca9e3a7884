package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestRunMPIRankDies: mid-run, rank 1 of an overlapped --mpi run is
// killed, or stopped (a rank that hangs); every rank ends within the
// watchdog's time (FOROCL_MPI_TIMEOUT) with a message saying why, and
// mpirun fails.
func TestRunMPIRankDies(t *testing.T) {
	requireOpenCL(t)
	for _, c := range []struct {
		sig  syscall.Signal
		want []string // one of them
	}{
		{syscall.SIGKILL, []string{"rank 1", "exited on signal 9", "no answer from the other ranks"}},
		{syscall.SIGSTOP, []string{"no answer from the other ranks in 5s (a rank failed or hangs); ending every rank"}},
	} {
		mark := fmt.Sprintf("FOROCL_TEST_MARK=%d-%d", os.Getpid(), c.sig)
		mr := mpirunArgs(t, 2) // the program last, after mpirun's flags
		args := append(mr[:len(mr)-1:len(mr)-1], "-x", mark, "-x", "FOROCL_MPI_TIMEOUT=5s", mr[len(mr)-1], "run", "-I", regionsDir,
			filepath.Join(kernelsDir, "jacobi5.f90"), "--kernel", "jacobi5_step", "--set", "h=0.1", "--grid", "64x64",
			"--steps", "100000000", "--swap", "A=oA", "--mpi", "--device", testDevice())
		ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
		cmd := exec.CommandContext(ctx, args[0], args[1:]...)
		cmd.Env = append(os.Environ(), "FOROCL_TEST_MAIN=1", mark)
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		pid := 0
		for deadline := time.Now().Add(60 * time.Second); pid == 0 && time.Now().Before(deadline); {
			time.Sleep(200 * time.Millisecond)
			pid = rankPid(mark, 1)
		}
		if pid == 0 {
			cancel()
			cmd.Wait()
			t.Fatalf("rank 1 never started:\n%s", out.String())
		}
		time.Sleep(3 * time.Second) // stepping by now
		if err := syscall.Kill(pid, c.sig); err != nil {
			t.Fatal(err)
		}
		sent := time.Now()
		err := cmd.Wait()
		took := time.Since(sent)
		if c.sig == syscall.SIGSTOP {
			syscall.Kill(pid, syscall.SIGKILL) // should MPI_Abort have left it
		}
		hung := ctx.Err() != nil
		cancel()
		got := out.String()
		if hung {
			t.Fatalf("%v: mpirun hung after rank 1 was signalled:\n%s", c.sig, got)
		}
		if err == nil || took > 30*time.Second {
			t.Errorf("%v: mpirun ended %v after the signal with %v", c.sig, took, err)
		}
		if !slices.ContainsFunc(c.want, func(w string) bool { return strings.Contains(got, w) }) {
			t.Errorf("%v: none of %q in\n%s", c.sig, c.want, got)
		}
	}
}

// rankPid is the process of MPI rank r whose environment holds mark, or
// 0.
func rankPid(mark string, r int) int {
	ents, _ := os.ReadDir("/proc")
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		env, err := os.ReadFile(filepath.Join("/proc", e.Name(), "environ"))
		if err != nil {
			continue
		}
		vars := strings.Split(string(env), "\x00")
		if slices.Contains(vars, mark) && slices.Contains(vars, fmt.Sprintf("OMPI_COMM_WORLD_RANK=%d", r)) {
			return pid
		}
	}
	return 0
}
