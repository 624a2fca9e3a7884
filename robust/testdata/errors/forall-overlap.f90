! A mask that reads the array written at other elements: the copy from
! the temporary cannot run in parallel.
!$OFP PURE, KERNEL :: k
subroutine k(n, a)
  integer, intent(in) :: n
  real, intent(inout) :: a(n)
  integer :: i
  forall (i = 2:n-1, a(i+1) > 1.0) a(i) = a(i-1)  ! ERROR [forall-overlap] "even through a temporary"
end subroutine k
