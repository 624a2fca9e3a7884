#warning this kernel is slow
!^ WARNING [cpp-warning] "#warning this kernel is slow"
subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  b = a
end subroutine k
