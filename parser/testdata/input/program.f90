program driver
  use physics
  implicit none
  integer :: i, n
  real(8), allocatable :: a(:), b(:,:)
  character(len=32) :: label
  logical :: ok = .true.

  n = 10
  allocate(a(n), b(n, n))
  a = 0
  outer: do i = 1, n
    a(i) = i * 2.0_8
    if (a(i) > 5) exit outer
    if (mod(i, 2) == 0) cycle
  end do outer
  do while (n > 0)
    n = n - 1
  end do
  select case (n)
  case (0)
    print *, 'zero'
  case default
    write(*, '(a, i0)') "n = ", n
  end select
  label = 'it''s done' // "!" ! a comment with 'quotes'
  print *, trim(label), sum(a); call report(a, n=n)
  deallocate(a, b)
  stop
contains
  subroutine report(x, n)
    real(8), intent(in) :: x(:)
    integer, intent(in) :: n
    print '(f8.3)', x(1:n:2)
  end subroutine report
end program driver
