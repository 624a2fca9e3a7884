! jacobi_mpi.f90: forocl kernels called from a user's own MPI Fortran
! program, on its own decomposition: the 64 x 50 grid is split along its
! second dimension, each rank steps its slab (one halo column each side)
! with the generated jacobi5_step_cl and swaps halo columns with
! MPI_Sendrecv; rank 0 gathers the grid and writes it to the file named by
! the first argument (raw real(4), array element order).
!   forocl build -I fortran testdata/kernels/jacobi5.f90 -o gen --fortran
!   mpif90 fortran/forocl_cl.f90 gen/jacobi5_cl.f90 examples/mpifortran/fortran/jacobi_mpi.f90 -lOpenCL -o jacobi_mpi
!   mpirun -np 2 ./jacobi_mpi out.bin
program jacobi_mpi
  use mpi
  use forocl_cl
  use jacobi5_cl, only: jacobi5_step_cl
  implicit none
  integer, parameter :: n1 = 64, n2 = 50, steps = 20
  integer :: rank, ranks, ierr, m, j0, i, j, n, below, above
  real, allocatable :: A(:,:), F(:,:), G(:,:)
  type(forocl_array) :: dA, dF, dO
  character(len=256) :: out

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, ranks, ierr)
  m = (n2 - 2)/ranks                   ! interior columns per rank; the last takes the rest
  j0 = 1 + rank*m                      ! global column of this slab's first (halo) column
  if (rank == ranks - 1) m = n2 - 2 - rank*m
  below = merge(MPI_PROC_NULL, rank - 1, rank == 0)
  above = merge(MPI_PROC_NULL, rank + 1, rank == ranks - 1)
  allocate(A(n1, m+2), F(n1, m+2), G(n1, n2))
  G = reshape([((start(i, j), i = 1, n1), j = 1, n2)], [n1, n2])
  A = G(:, j0:j0+m+1)
  F = 0.25*reshape([((real(mod(i + j, 5)), i = 1, n1), j = j0, j0+m+1)], [n1, m+2])

  call forocl_init()                   ! the device: $FOROCL_DEVICE, else the first GPU
  call forocl_create(dA, A)
  call forocl_create(dF, F)
  call forocl_create(dO, A)            ! the output starts as the input: its halo keeps it
  do n = 1, steps
    call jacobi5_step_cl(0.1, dA, dF, dO)
    call forocl_read(dO, A)            ! the slab (forocl_cl copies whole arrays)
    call MPI_Sendrecv(A(:, m+1), n1, MPI_REAL, above, 0, A(:, 1), n1, MPI_REAL, below, 0, &
                      MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
    call MPI_Sendrecv(A(:, 2), n1, MPI_REAL, below, 1, A(:, m+2), n1, MPI_REAL, above, 1, &
                      MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
    call forocl_write(dA, A)           ! the new state, halos from the neighbours
  end do

  if (rank > 0) then                   ! gather the interior columns on rank 0
    call MPI_Send(A(:, 2:m+1), n1*m, MPI_REAL, 0, 2, MPI_COMM_WORLD, ierr)
  else
    G(:, 2:m+1) = A(:, 2:m+1)
    do i = 1, ranks - 1
      j = 2 + i*((n2 - 2)/ranks)
      n = merge(n2 - 1 - j + 1, (n2 - 2)/ranks, i == ranks - 1)
      call MPI_Recv(G(:, j:j+n-1), n1*n, MPI_REAL, i, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
    end do
    call get_command_argument(1, out)
    open (10, file=trim(out), access='stream', form='unformatted', status='replace')
    write (10) G
    close (10)
  end if
  call MPI_Finalize(ierr)

contains

  ! start is the initial state: the same values for every decomposition.
  real function start(i, j)
    integer, intent(in) :: i, j
    start = 1.0 + real(mod(7*i + 13*j, 17))/17.0
  end function start
end program jacobi_mpi
