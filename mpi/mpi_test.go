package mpi

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// Mpirun returns the mpirun command line that starts n copies of a
// program on this machine, skipping t when mpirun is missing (failing
// instead when FOROCL_REQUIRE_OPENCL is set, as the OpenCL tests do).
func mpirun(t *testing.T, n int) []string {
	t.Helper()
	path, err := exec.LookPath("mpirun")
	if err != nil {
		if os.Getenv("FOROCL_REQUIRE_OPENCL") != "" {
			t.Fatal("FOROCL_REQUIRE_OPENCL is set but mpirun is missing: apt-get install openmpi-bin libopenmpi-dev")
		}
		t.Skip("mpirun is missing (apt-get install openmpi-bin libopenmpi-dev); set FOROCL_REQUIRE_OPENCL=1 to fail instead")
	}
	return []string{path, "--oversubscribe", "--allow-run-as-root", "-np", fmt.Sprint(n)}
}

// runRanks runs this test binary's TestChild under mpirun with n ranks
// doing what, and returns the combined output and error.
func runRanks(t *testing.T, n int, what string) (string, error) {
	args := append(mpirun(t, n), "-x", "FOROCL_MPI_CHILD="+what, os.Args[0], "-test.run=^TestChild$", "-test.v")
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, args[0], args[1:]...)
	cmd.Env = append(os.Environ(), "FOROCL_MPI_CHILD="+what)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	if ctx.Err() != nil {
		t.Fatalf("mpirun hung:\n%s", out.String())
	}
	return out.String(), err
}

func TestRanksTalk(t *testing.T) {
	for _, n := range []int{2, 4} {
		out, err := runRanks(t, n, "talk")
		if err != nil {
			t.Fatalf("%d ranks: %v\n%s", n, err, out)
		}
		for r := 0; r < n; r++ {
			if !strings.Contains(out, fmt.Sprintf("rank %d of %d: ok", r, n)) {
				t.Errorf("%d ranks: rank %d did not report ok:\n%s", n, r, out)
			}
		}
	}
}

func TestFailingRankEndsAll(t *testing.T) {
	start := time.Now()
	out, err := runRanks(t, 3, "fail")
	if err == nil {
		t.Fatalf("a rank aborted but mpirun succeeded:\n%s", out)
	}
	if !strings.Contains(out, "forocl: rank 1 of 3: the device is gone; ending every rank") {
		t.Errorf("no message from the failing rank:\n%s", out)
	}
	if d := time.Since(start); d > 30*time.Second {
		t.Errorf("the other ranks took %v to end", d)
	}
}

func TestTimeoutEndsAll(t *testing.T) {
	out, err := runRanks(t, 2, "hang")
	if err == nil || !strings.Contains(out, "MPI_Recv: no answer from the other ranks in 1s") {
		t.Errorf("a rank waiting for a hung one: %v\n%s", err, out)
	}
}

// TestChild is what each rank runs under the tests above.
func TestChild(t *testing.T) {
	what := os.Getenv("FOROCL_MPI_CHILD")
	if what == "" {
		t.Skip("run by the other tests under mpirun")
	}
	c, err := Init()
	if err != nil {
		t.Fatal(err)
	}
	r, n := c.Rank(), c.Size()
	switch what {
	case "fail":
		if r == 1 {
			c.Abort(3, "the device is gone")
		}
		// The others wait for rank 1, which never comes.
		buf := make([]byte, 4)
		_ = c.Recv(1, buf)
		t.Fatal("rank 1 aborted but the receive returned")
	case "hang":
		c.Timeout = time.Second
		if r == 1 {
			time.Sleep(30 * time.Second)
		}
		_ = c.Recv(1, make([]byte, 4))
		t.Fatal("the receive returned")
	}
	// Halo exchange: each rank sends its rank number up and its negative
	// down.
	var low, high []byte
	var gotLow, gotHigh []byte
	if r > 0 {
		low, gotLow = []byte{byte(100 + r)}, make([]byte, 1)
	}
	if r < n-1 {
		high, gotHigh = []byte{byte(r)}, make([]byte, 1)
	}
	if err := c.Exchange(low, high, gotLow, gotHigh); err != nil {
		t.Fatal(err)
	}
	if r > 0 && gotLow[0] != byte(r-1) {
		t.Errorf("rank %d got %d from below, want %d", r, gotLow[0], r-1)
	}
	if r < n-1 && gotHigh[0] != byte(100+r+1) {
		t.Errorf("rank %d got %d from above, want %d", r, gotHigh[0], 100+r+1)
	}
	all := make([]byte, n)
	if err := c.Allgather([]byte{byte(r * 3)}, all); err != nil {
		t.Fatal(err)
	}
	for i, v := range all {
		if v != byte(i*3) {
			t.Errorf("allgather: %v", all)
		}
	}
	// Collectives in the same order on every rank: a slice, not a map.
	for _, c2 := range []struct {
		op   Op
		want float64
	}{{Sum, float64(n * (n - 1) / 2)}, {Max, float64(n - 1)}, {Min, 0}} {
		got, err := c.Allreduce([]float64{float64(r)}, c2.op)
		if err != nil || got[0] != c2.want {
			t.Errorf("allreduce %d: %v, %v; want %v", c2.op, got, err, c2.want)
		}
	}
	if r == 0 {
		for from := 1; from < n; from++ {
			b := make([]byte, 3)
			if err := c.Recv(from, b); err != nil || b[0] != byte(from) || b[2] != 7 {
				t.Errorf("recv from %d: %v %v", from, b, err)
			}
		}
	} else if err := c.Send(0, []byte{byte(r), 0, 7}); err != nil {
		t.Fatal(err)
	}
	if !t.Failed() {
		fmt.Printf("rank %d of %d: ok\n", r, n)
	}
	if err := c.Finalize(); err != nil {
		t.Fatal(err)
	}
}

// TestLocalRank: the local rank comes from the first launcher variable
// set, Open MPI's first; none set, or none a count, gives -1.
func TestLocalRank(t *testing.T) {
	for _, v := range localRankVars {
		t.Setenv(v, "")
	}
	if got := LocalRank(); got != -1 {
		t.Errorf("no variable set: %d, want -1", got)
	}
	for i, v := range localRankVars {
		t.Setenv(v, fmt.Sprint(10-i))
	}
	for i, v := range localRankVars {
		if got := LocalRank(); got != 10-i {
			t.Errorf("%s=%d set first: LocalRank %d", v, 10-i, got)
		}
		t.Setenv(v, "x") // not a count: the next variable says
	}
	if got := LocalRank(); got != -1 {
		t.Errorf("no count: %d, want -1", got)
	}
}
