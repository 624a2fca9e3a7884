subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  logical(kind=1) :: on  ! ERROR [unsupported-kind] "logical kind 1 is not supported"
  b = a
end subroutine k
