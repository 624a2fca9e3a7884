! The driver of cmd/forocl TestPortUndersized: its first argument names
! the scenario. Each first passes two columns of an array by sequence
! association. good then passes arrays of the declared sizes (two halves
! of one array, an array that ends where mapped memory ends); into passes
! an actual smaller than its declared bounds that runs into the other
! array of the call; unmapped one that runs into memory that is not
! mapped; resident-into one that runs into an array the call before
! wrote. Built with -DFOROCL, it updates the host's arrays (resident
! mode) before it prints them.
program undersized
  use, intrinsic :: iso_c_binding
  use axpy_kernel_module
#ifdef FOROCL
  use forocl_cl, only: forocl_update_host
#endif
  implicit none
  interface
    type(c_ptr) function c_mmap(addr, length, prot, flags, fd, offset) bind(C, name='mmap')
      import :: c_ptr, c_size_t, c_int, c_long
      type(c_ptr), value :: addr
      integer(c_size_t), value :: length
      integer(c_int), value :: prot, flags, fd
      integer(c_long), value :: offset
    end function c_mmap
    integer(c_int) function c_munmap(addr, length) bind(C, name='munmap')
      import :: c_ptr, c_size_t, c_int
      type(c_ptr), value :: addr
      integer(c_size_t), value :: length
    end function c_munmap
    integer(c_int) function c_getpagesize() bind(C, name='getpagesize')
      import :: c_int
    end function c_getpagesize
  end interface
  integer, parameter :: n = 1000
  real(8), allocatable :: buf(:), m2(:,:), y(:)
  real(8), pointer, contiguous :: edge(:)
  character(len=16) :: scenario
  integer :: i

  call get_command_argument(1, scenario)
  allocate(buf(2*n), m2(n, 2), y(n))
  buf = [(real(i, 8), i = 1, 2*n)]
  m2 = reshape(buf, [n, 2])
  y = 1
  call axpy_kernel(n, n, 3.0_8, m2(1,1), m2(1,2))   ! (the first call starts OpenCL)
  edge => at_page_end(n)
  edge = [(0.5_8*i, i = 1, n)]
  select case (trim(scenario))
  case ('good')
    call axpy_kernel(n, n, 2.0_8, buf(1:n), buf(n+1:2*n))
    call axpy_kernel(n, n, 0.5_8, edge, y)
  case ('into')
    call axpy_kernel(n + n/2, n, 2.0_8, buf(1:n), buf(n+1:2*n))
  case ('unmapped')
    call axpy_kernel(n + n/2, n, 0.5_8, edge, y)
  case ('resident-into')
    call axpy_kernel(n, n, 2.0_8, buf(1:n), buf(n+1:2*n))
    call axpy_kernel(n + n/2, n, 1.0_8, buf(1:n), y)
  case default
    error stop 'scenario: good, into, unmapped or resident-into'
  end select
#ifdef FOROCL
  call forocl_update_host(buf)
  call forocl_update_host(m2)
  call forocl_update_host(y)
#endif
  print '(a, es24.16)', 'buf ', sum(buf)
  print '(a, es24.16)', 'm2 ', sum(m2)
  print '(a, es24.16)', 'y ', sum(y)

contains

  ! at_page_end is an array of k real(8) elements that ends where a
  ! mapping ends: the two pages after it are unmapped.
  function at_page_end(k) result(p)
    integer, intent(in) :: k
    real(8), pointer, contiguous :: p(:)
    integer(c_intptr_t) :: page, pages, base
    type(c_ptr) :: m
    page = c_getpagesize()
    pages = (8*k + page - 1)/page
    m = c_mmap(c_null_ptr, int((pages + 2)*page, c_size_t), 3_c_int, 34_c_int, -1_c_int, 0_c_long)  ! read+write, private+anonymous
    base = transfer(m, base)
    if (base == -1) error stop 'mmap failed'
    if (c_munmap(transfer(base + pages*page, m), int(2*page, c_size_t)) /= 0) error stop 'munmap failed'
    call c_f_pointer(transfer(base + pages*page - 8*k, m), p, [k])
  end function at_page_end

end program undersized
