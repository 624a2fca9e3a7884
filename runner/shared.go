package runner

import (
	"errors"
	"fmt"
	"maps"
	"reflect"
	"time"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/clhost"
	"github.com/forocl/forocl/npy"
)

// Note [shared setup]
//
// The tuning (Note [tuning cache] in cmd/forocl) times several schedules
// of one kernel on one job's inputs. Run would set the job up for each
// launch: bind it, allocate and upload every array, build the program,
// read the outputs back; on large arrays that setup costs far more than
// the launches timed (at 3000² on PoCL, a second per round of four
// candidates). A Shared sets the job up once: Share binds it and makes
// and fills the buffers of its arrays and results; Add builds one
// candidate's program (the kernel scheduled another way: other OpenCL,
// other launch shapes) on those buffers; Launch runs a candidate's host
// program once, its launches in order as Run's timed rounds do, and
// returns their summed device time.
//
// A candidate must have the job kernel's parameters and sizes, the same
// in every field, or Add refuses it: the buffers were made for those. Its
// scratch buffers are its own where they hold one value per work-group
// (their count follows its launch shapes, and a late launch may grow
// them); the others, sized by the sizes alone (forall temporaries, the
// bounds flags), are shared with an earlier candidate that has one of the
// same name and size, so that a large temporary is not made once per
// candidate.
//
// The candidates run one after another on the same arrays, as Run's
// --repeat rounds do: an array a kernel reads and writes holds, at a
// launch, what the launch before left. Timing does not depend on the
// values; outputs (Outputs) are those of a candidate's run on what the
// launches before it left, the job's inputs for the first.

// Shared is a job set up once on a context, on which candidates of its
// kernel run (Note [shared setup]).
type Shared struct {
	ctx    *clhost.Context
	job    Job // bound: its scalars hold the sizes
	arrays map[string]*npy.Array
	sizes  map[string]int
	bufs   map[string]*clhost.Buffer // the arrays' and results' buffers
	pool   map[string]*clhost.Buffer // scratch candidates share, by name
	cands  []*sharedCand
}

// sharedCand is one candidate of a Shared: its run and its job.
type sharedCand struct {
	r *run
	j Job
}

// Share checks j (as Run does), allocates its arrays' and results'
// buffers and uploads its inputs, once, for the candidates Add builds.
// The job runs its host program once per Launch: Steps, Swap and Repeat
// are refused.
func Share(ctx *clhost.Context, j Job) (*Shared, error) {
	if j.Steps > 0 || len(j.Swap) > 0 || j.Repeat > 0 {
		return nil, errors.New("internal error: runner: Share runs the host program once per launch; the job must have no steps, swaps or repeats")
	}
	arrays, sizes, err := Prepare(&j)
	if err != nil {
		return nil, err
	}
	if err := checkMemory(ctx.Device(), j.Kernel, arrays, sizes); err != nil {
		return nil, err
	}
	s := &Shared{ctx: ctx, job: j, arrays: arrays, sizes: sizes, bufs: map[string]*clhost.Buffer{}, pool: map[string]*clhost.Buffer{}}
	if _, err := arrayBuffers(ctx, arrays, s.bufs); err != nil {
		s.Close()
		return nil, err
	}
	if err := resultBuffers(ctx, j.Kernel, s.bufs); err != nil {
		s.Close()
		return nil, err
	}
	return s, nil
}

// Add builds candidate k of unit u on s's buffers and returns its number
// for Launch. A candidate whose parameters or sizes differ from the job
// kernel's is refused; one that cannot be built is not added.
func (s *Shared) Add(u *abi.Unit, k *abi.Kernel) (int, error) {
	if err := sameInterface(s.job.Kernel, k); err != nil {
		return -1, err
	}
	j := s.job
	j.Unit, j.Kernel = u, k
	r := &run{ctx: s.ctx, k: k, bufs: maps.Clone(s.bufs), sizes: s.sizes, arrays: s.arrays, canceled: cancelFunc(j.Cancel)}
	c := &sharedCand{r: r, j: j}
	err := r.load(&c.j)
	if err == nil {
		r.groups = groupCounts(r.launches)
		err = s.scratch(r)
	}
	if err == nil {
		err = setFixedArgs(&c.j, r.launches, r.kerns, s.sizes, r.groups, r.bufs)
	}
	if err != nil {
		s.release(c)
		return -1, err
	}
	s.cands = append(s.cands, c)
	return len(s.cands) - 1, nil
}

// sameInterface refuses candidate c of kernel k unless it has k's name,
// sizes and parameters, the same in every field.
func sameInterface(k, c *abi.Kernel) error {
	what := ""
	switch {
	case c.Name != k.Name:
		what = "its name " + c.Name
	case !reflect.DeepEqual(c.Sizes, k.Sizes):
		what = "its sizes"
	case len(c.Params) != len(k.Params):
		what = fmt.Sprintf("its %d parameters (%s has %d)", len(c.Params), k.Name, len(k.Params))
	}
	for i := 0; what == "" && i < len(c.Params); i++ {
		if !reflect.DeepEqual(c.Params[i], k.Params[i]) {
			what = fmt.Sprintf("parameter %d (%s)", i+1, c.Params[i].Name)
		}
	}
	if what == "" {
		return nil
	}
	return fmt.Errorf("internal error: runner: a candidate of kernel %q differs from it in %s; only schedules of one kernel share a setup", k.Name, what)
}

// scratch gives candidate r its scratch buffers (Note [shared setup]).
func (s *Shared) scratch(r *run) error {
	for _, b := range r.k.Scratch {
		n, err := scratchCount(r.k, b, s.sizes, r.groups)
		if err != nil {
			return err
		}
		key := scratchKey + b.Name
		bytes := int64(n * b.Kind.Bytes())
		if p := s.pool[key]; b.Groups == "" && p != nil && p.Size() == bytes {
			r.bufs[key] = p
			continue
		}
		buf, err := newScratch(s.ctx, b, n, true)
		if err != nil {
			return err
		}
		r.bufs[key] = buf
		if b.Groups == "" && s.pool[key] == nil {
			s.pool[key] = buf
		}
	}
	return nil
}

// Launch runs candidate c's host program once, waiting for each launch,
// and returns the summed device time of its launches. It writes none of
// the program's records.
func (s *Shared) Launch(c int) (time.Duration, error) {
	cd := s.cands[c]
	return cd.r.once(&cd.j, nil, true)
}

// Outputs checks the bounds flags and reads back the outputs as the last
// Launch, of candidate c, left them.
func (s *Shared) Outputs(c int) (map[string]*npy.Array, error) {
	res, err := s.cands[c].r.finish(&Result{})
	if err != nil {
		return nil, err
	}
	return res.Outputs, nil
}

// Close releases the candidates' programs, kernels and scratch, and the
// shared buffers.
func (s *Shared) Close() {
	for _, c := range s.cands {
		s.release(c)
	}
	s.cands = nil
	releaseBuffers(s.pool)
	releaseBuffers(s.bufs)
	s.pool, s.bufs = nil, nil
}

// release releases candidate c's program, kernels and the buffers it
// does not share.
func (s *Shared) release(c *sharedCand) {
	c.r.unload()
	for key, b := range c.r.bufs {
		if s.bufs[key] != b && s.pool[key] != b {
			b.Release()
		}
	}
}
